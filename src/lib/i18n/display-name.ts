/**
 * The names made so far, by interface language and type: making an Intl.DisplayNames costs a phone
 * about a millisecond, and the wizard's country and currency lists name dozens of codes at each render.
 */
const namers = new Map<string, Intl.DisplayNames | null>();

function namer(language: string, type: 'currency' | 'language'): Intl.DisplayNames | null {
  const key = `${language} ${type}`;
  if (!namers.has(key)) {
    try {
      namers.set(key, new Intl.DisplayNames([language], { type }));
    } catch {
      // An interface language the browser cannot name things in: the codes are shown.
      namers.set(key, null);
    }
  }
  return namers.get(key) ?? null;
}

/** A language's or a currency's name in the interface language ("roumain", "Romanian", "română"). */
export function displayName(language: string, type: 'currency' | 'language', code: string): string {
  try {
    return namer(language, type)?.of(code) ?? code;
  } catch {
    return code;
  }
}
