/** Lower case, no accents, one space between words: "Société  ȘTEFAN" → "societe stefan". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A help entry matches when every word of the query appears in its question or answer, accents and
 * case ignored ("gerant" finds "gérant", "capital soc" finds "capital social"). Predictable, as a
 * search box should be: more words, fewer answers.
 */
export function matchesQuery(query: string, ...texts: string[]): boolean {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}
