/** A language's or a currency's name in the interface language ("roumain", "Romanian", "română"). */
export function displayName(language: string, type: 'currency' | 'language', code: string): string {
  try {
    return new Intl.DisplayNames([language], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}
