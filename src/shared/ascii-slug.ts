/** Lowercase ASCII words joined by hyphens ("Société Générale" → "societe-generale"): safe in a header or a URL. */
export function asciiSlug(text: string, maxLength = 60): string {
  return text
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
