/**
 * Which language a page is shown in, decided the same way by the server (which prerenders and sends the
 * page) and by the app (which hydrates it): the visitor's own choice, kept in a cookie the server can
 * read; otherwise the first of the browser's preferred languages the product speaks; otherwise French.
 * One rule on both sides, or the page would be sent in one language and hydrated in another.
 */
export const PAGE_LANGUAGES = ['fr', 'en', 'ro'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: PageLanguage = 'fr';

/** The cookie that carries the visitor's choice (the app also keeps it in localStorage). */
export const LANGUAGE_COOKIE = 'kreo_language';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isPageLanguage(value: unknown): value is PageLanguage {
  return typeof value === 'string' && (PAGE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The entries of an Accept-* header with their weights ("br;q=0.5, gzip" → br 0.5, gzip 1), most wanted
 * first (by weight, then by order); names are trimmed and unparsable weights dropped.
 */
export function weightedPreferences(header: string | undefined): { name: string; q: number }[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [name = '', ...params] = part.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { name: name.trim(), q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((entry) => entry.name !== '' && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ name, q }) => ({ name, q }));
}

/** Language tags of an Accept-Language header, most preferred first ("ro-RO;q=0.9" → "ro-RO"); q=0 refuses. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  return weightedPreferences(header)
    .filter((entry) => entry.q > 0)
    .map((entry) => entry.name);
}

/** The rule itself: a valid choice wins, then the first preferred language we speak, then French. */
export function choosePageLanguage(input: {
  chosen?: string | null | undefined;
  preferred?: readonly string[] | undefined;
}): PageLanguage {
  if (isPageLanguage(input.chosen)) return input.chosen;
  for (const tag of input.preferred ?? []) {
    const primary = tag.slice(0, 2).toLowerCase();
    if (isPageLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}

/** The value of one cookie in a Cookie header (or document.cookie), undecoded. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The Set-Cookie / document.cookie string that records a choice for a year, on every path. */
export function languageCookie(language: PageLanguage): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
