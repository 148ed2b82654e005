/**
 * What a site's address (its slug, /sites/<slug>) may be: the builder says it as the founder types,
 * the server decides. Sites live on our own origin, so a slug must not pass for one of our addresses:
 *
 * 1. A slug that reads as a reserved word is reserved: the word itself (`support`), with digits or
 *    letter pairs that pass for its letters (`supp0rt`, `adm1n`, `adrnin`), a letter typed once or
 *    several times (`suport`, `suppport`) or hyphens between its letters (`s-u-p-p-o-r-t`).
 * 2. A slug where the brand (`kreo`) can be read, the same ways (`kre0`, `k-r-e-o`, `kreeo`), is
 *    reserved wherever it stands: `kreo-support`, `support-kreo`, `my-kreo-shop`, `mykreo`,
 *    `kreo2026`. One exception: the brand's letters beginning a longer word (`kreolia`, `kreon`,
 *    `kreole-paris`), a name of its own, unless the rest of that word is a reserved word or one that
 *    would read as ours beside the brand (`kreosupport`, `kreoshop`, `kreoteam`).
 *
 * What passes for a letter: the digits 0 → o, 1 → i or l, 3 → e, 4 → a, 5 → s, 6 → b, 7 → t, 9 → g,
 * and the pairs rn → m, vv → w. Not l → i: the dot tells them apart, and `mall` is no `mail`.
 */
import { asciiSlug } from './ascii-slug';

/** 3 to 40 lowercase letters, digits and single hyphens, neither first nor last. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/;

/** The brand, as a slug would spell it. */
export const BRAND_SLUG = 'kreo';

/**
 * Addresses nobody may take: words of our own routes and services, and words a visitor would trust
 * as ours (a site called "support" could be used to phish).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'blog',
  'checkout',
  'contact',
  'dashboard',
  'docs',
  'documents',
  'help',
  'helpdesk',
  'info',
  BRAND_SLUG,
  'legal',
  'login',
  'logout',
  'mail',
  'null',
  'official',
  'password',
  'pay',
  'payment',
  'payments',
  'plans',
  'postmaster',
  'privacy',
  'refund',
  'register',
  'root',
  'secure',
  'security',
  'services',
  'signin',
  'signup',
  'site',
  'site-logos',
  'sites',
  'staff',
  'static',
  'status',
  'support',
  'system',
  'team',
  'terms',
  'thanks',
  'undefined',
  'verify',
  'webmaster',
  'website',
  'www',
]);

/** Words that read as ours right after the brand (`kreoshop`), though free on their own. */
const BRAND_COMPANIONS: readonly string[] = [
  'bank',
  'care',
  'client',
  'clients',
  'customer',
  'customers',
  'desk',
  'france',
  'group',
  'hq',
  'invoice',
  'invoices',
  'online',
  'pro',
  'romania',
  'service',
  'shop',
  'store',
  'web',
];

/** What else reads as a letter in a slug (see the file's comment). */
const LOOK_ALIKES: Readonly<Record<string, readonly string[]>> = {
  a: ['4'],
  b: ['6'],
  e: ['3'],
  g: ['9'],
  i: ['1'],
  l: ['1'],
  m: ['rn'],
  o: ['0'],
  s: ['5'],
  t: ['7'],
  w: ['vv'],
};

/**
 * Where a reading of `word` that starts at `from` in `slug` can end: each letter of the word (a run
 * of one letter counts once) stands for one or more of its forms in a row, with at most one hyphen
 * between two of them.
 */
function readingEnds(slug: string, from: number, word: string): Set<number> {
  const letters = [...word.replace(/-/g, '')].filter((letter, index, all) => letter !== all[index - 1]);
  const ends = new Set<number>();
  const seen = new Set<string>();
  const visit = (position: number, read: number) => {
    const state = `${position}:${read}`;
    if (seen.has(state)) return;
    seen.add(state);
    if (read === letters.length) ends.add(position);
    // The letter just read again (suppport), or the next one; a hyphen may come before either.
    const targets = read === 0 ? [0] : [read - 1, read];
    const starts = read > 0 && slug[position] === '-' ? [position, position + 1] : [position];
    for (const target of targets) {
      const letter = letters[target];
      if (letter === undefined) continue;
      for (const start of starts)
        for (const form of [letter, ...(LOOK_ALIKES[letter] ?? [])])
          if (slug.startsWith(form, start)) visit(start + form.length, target + 1);
    }
  };
  visit(from, 0);
  return ends;
}

/** Whether the whole of `text` reads as one of `words`. */
const readsAsOneOf = (text: string, words: Iterable<string>) => {
  for (const word of words) if (readingEnds(text, 0, word).has(text.length)) return true;
  return false;
};

/** Whether the brand read from `from` to `end` only begins a longer word of the slug (kreolia). */
function beginsLongerWord(slug: string, from: number, end: number): boolean {
  if (from > 0 && slug[from - 1] !== '-') return false;
  if (slug.slice(from, end).includes('-')) return false;
  const rest = slug.slice(end).split('-')[0] ?? '';
  // The end of the slug or of a part, or digits (kreo2026), leave the brand standing alone.
  if (!/^[a-z]/.test(rest)) return false;
  return !readsAsOneOf(rest, RESERVED_SLUGS) && !readsAsOneOf(rest, BRAND_COMPANIONS);
}

/** Whether the brand can be read anywhere in the slug, other than as the start of a longer word. */
function showsBrand(slug: string): boolean {
  for (let from = 0; from < slug.length; from += 1) {
    if (slug[from] === '-') continue;
    for (const end of readingEnds(slug, from, BRAND_SLUG))
      if (!beginsLongerWord(slug, from, end)) return true;
  }
  return false;
}

export type SlugProblem = 'format' | 'reserved';

/** What is wrong with a slug on its own (whether someone else has it is the server's to say). */
export function slugProblem(slug: string): SlugProblem | null {
  if (!SLUG_PATTERN.test(slug)) return 'format';
  if (readsAsOneOf(slug, RESERVED_SLUGS) || madeOfReservedWords(slug) || showsBrand(slug)) return 'reserved';
  return null;
}

/**
 * Whether every part of a hyphenated slug reads as one of our words (`secure-login`,
 * `verify-account`, `support-billing`): on our own domain, only we speak that way. A founder's
 * name beside one of them (`boulangerie-support`) stays free.
 */
function madeOfReservedWords(slug: string): boolean {
  const parts = slug.split('-').filter(Boolean);
  return parts.length > 1 && parts.every((part) => readsAsOneOf(part, RESERVED_SLUGS));
}

/** A slug suggested from a name ("Boulangerie Dupont SAS" → "boulangerie-dupont-sas"). */
export function suggestSlug(name: string): string {
  return asciiSlug(name, 40);
}
