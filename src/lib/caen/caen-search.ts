import type { CaenClass } from '@/shared/jurisdictions';

/**
 * The CAEN search in founders' words (schemas/jurisdictions/caen-search.json), for the wizard's field
 * and the assistant (findActivityCodes): what a founder types ("cafenea", "magazin online", "barber")
 * finds the class they mean, in any interface language.
 * Everything is folded once when the lists load (buildCaenIndex); a keystroke only compares strings.
 */

export const CAEN_LANGUAGES = ['ro', 'en', 'fr'] as const;
export type CaenLanguage = (typeof CAEN_LANGUAGES)[number];

/** schemas/jurisdictions/caen-search.json as the widget reads it (the sources stay in the file). */
export interface CaenSearchFile {
  /** Per language: [words, code, code…], the most likely code first. */
  synonyms: Record<CaenLanguage, string[][]>;
  common: { codes: string[] };
  authorisations: { id: string; codes: string[] }[];
}

/** Lower case without accents: "Activități" and "activitati", "café" and "cafe" are the same. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text, folded: "E-commerce" is "e" and "commerce", as the synonym "e-commerce" is. */
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

interface Synonym {
  words: string[];
  codes: string[];
  /** 0 for the user's language, then the others. */
  language: number;
}

export interface CaenIndex {
  synonyms: Synonym[];
  /** Each class's code and its names in the three languages, folded, in the list's order. */
  classes: { code: string; text: string }[];
  /** A common class's place in the ranked list of common classes. */
  commonRank: Map<string, number>;
}

/** The user's language first, then the other two. */
export const languageOrder = (language: CaenLanguage): CaenLanguage[] => [
  language,
  ...CAEN_LANGUAGES.filter((other) => other !== language),
];

export function buildCaenIndex(
  classes: readonly CaenClass[],
  search: CaenSearchFile,
  language: CaenLanguage,
): CaenIndex {
  const synonyms = languageOrder(language).flatMap((code, rank) =>
    search.synonyms[code].map(([phrase = '', ...codes]) => ({
      words: wordsOf(phrase),
      codes,
      language: rank,
    })),
  );
  return {
    synonyms,
    classes: classes.map((entry) => ({
      code: entry.code,
      text: fold(`${entry.code} ${entry.ro} ${entry.en} ${entry.fr}`),
    })),
    commonRank: new Map(search.common.codes.map((code, rank) => [code, rank])),
  };
}

/**
 * How a synonym matches the typed words, each the start of one of its words, in a row: 0 the synonym
 * itself, 1 from its first word ("magazin o" in "magazin online"), 2 further in, null not at all.
 */
function matchQuality(typed: string[], words: string[]): number | null {
  for (let start = 0; start + typed.length <= words.length; start += 1) {
    if (typed.every((word, offset) => words[start + offset]?.startsWith(word))) {
      if (start > 0) return 2;
      return typed.length === words.length && typed.every((word, offset) => word === words[offset]) ? 0 : 1;
    }
  }
  return null;
}

type Key = [quality: number, language: number, position: number];
const before = (a: Key, b: Key) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * The codes a search finds, best first:
 * 1. digits only: the classes whose code starts with them;
 * 2. otherwise, the classes a synonym stands for when the typed words match it (whole synonym first,
 *    then from its first word, then further in; the user's language first; the synonym's own order);
 * 3. then the classes whose name (in any language) holds every typed word.
 * Inside each group, and among equals, the common classes come first (in their order), then by code.
 * An empty search lists the common classes, then all the others.
 */
export function rankCaen(index: CaenIndex, search: string): string[] {
  const common = (code: string) => index.commonRank.get(code) ?? Number.MAX_SAFE_INTEGER;
  const byCommon = (a: string, b: string) => common(a) - common(b) || a.localeCompare(b);
  const query = search.trim();
  if (/^\d+$/.test(query))
    return index.classes
      .map((entry) => entry.code)
      .filter((code) => code.startsWith(query))
      .sort(byCommon);
  const typed = wordsOf(query);
  if (typed.length === 0) return index.classes.map((entry) => entry.code).sort(byCommon);

  const best = new Map<string, Key>();
  for (const synonym of index.synonyms) {
    const quality = matchQuality(typed, synonym.words);
    if (quality === null) continue;
    synonym.codes.forEach((code, position) => {
      const key: Key = [quality, synonym.language, position];
      const known = best.get(code);
      if (!known || before(key, known) < 0) best.set(code, key);
    });
  }
  const bySynonym = [...best.keys()].sort(
    (a, b) => before(best.get(a) as Key, best.get(b) as Key) || byCommon(a, b),
  );
  const byName = index.classes
    .filter((entry) => !best.has(entry.code) && typed.every((word) => entry.text.includes(word)))
    .map((entry) => entry.code)
    .sort(byCommon);
  return [...bySynonym, ...byName];
}

/** The authorisation notes (their ids, in the file's order) for the chosen classes. */
export function authorisationsFor(search: CaenSearchFile, codes: readonly string[]): string[] {
  const chosen = new Set(codes);
  return search.authorisations
    .filter((group) => group.codes.some((code) => chosen.has(code)))
    .map((group) => group.id);
}

/**
 * Words that say a question is about a CAEN code, not what the activity is ("cod", "firma", "business"):
 * a synonym made only of them names no activity.
 */
const NOT_ACTIVITY = new Set(
  [
    'cod coduri codul codului caen nace naf ape rev firma firme firmei societate societatea activitate',
    'activitatea activitati obiect obiectul principal secundar srl pfa code codes company business',
    'activity activities main secondary firm societe entreprise activite sas sasu sarl eurl',
  ]
    .join(' ')
    .split(' '),
);

/** Synonyms that are also everyday words elsewhere ("it" in "can I do it"): found only as typed in capitals. */
const CAPITALS_ONLY = new Set(['it']);

/** A typed word is the synonym's word, or that word with an ending ("cafeneaua", "restaurants"). */
const sameWord = (typed: string, word: string) =>
  typed === word || (word.length >= 4 && typed.startsWith(word) && typed.length - word.length <= 3);

interface ActivityMatch {
  codes: string[];
  words: number;
  /** How many of the question's words the match spans (a word may be skipped between two). */
  span: number;
  language: number;
  position: number;
}

/**
 * Where a synonym's words stand in the question, in order, at most one other word between two of them
 * ("online clothing store" holds "online store"); the shortest span, or null.
 */
function spanIn(question: { folded: string; typed: string }[], words: string[]): number | null {
  let best: number | null = null;
  for (let start = 0; start < question.length; start += 1) {
    let at = start;
    let ok = true;
    for (const [offset, word] of words.entries()) {
      const matches = (index: number) => {
        const token = question[index];
        if (!token || !sameWord(token.folded, word)) return false;
        return !CAPITALS_ONLY.has(word) || token.typed === word.toUpperCase();
      };
      if (offset === 0) {
        if (!matches(at)) ok = false;
      } else if (matches(at + 1)) at += 1;
      else if (matches(at + 2)) at += 2;
      else ok = false;
      if (!ok) break;
    }
    if (ok && (best === null || at - start + 1 < best)) best = at - start + 1;
  }
  return best;
}

/**
 * The CAEN classes an activity named in a free-text question stands for ("Ce cod CAEN aleg pentru o
 * cafenea?" → 5630), best first, at most `limit`: every language's synonyms are looked for in the
 * question's folded words, the phrase of most words first, then the one spanning most of the question,
 * then the user's language, then the file's order; words such as cod, caen, firma, activity alone name
 * no activity. Empty when the question names none.
 */
export function findActivityCodes(
  search: CaenSearchFile,
  question: string,
  language: CaenLanguage,
  limit = 3,
): string[] {
  const tokens = question
    .normalize('NFC')
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean)
    .map((typed) => ({ typed, folded: fold(typed) }));
  const matches: ActivityMatch[] = [];
  languageOrder(language).forEach((code, rank) => {
    search.synonyms[code].forEach(([phrase = '', ...codes], position) => {
      const words = fold(phrase)
        .split(/[^\p{L}\p{N}&]+/u)
        .filter(Boolean);
      if (words.length === 0 || words.every((word) => NOT_ACTIVITY.has(word))) return;
      const span = spanIn(tokens, words);
      if (span !== null) matches.push({ codes, words: words.length, span, language: rank, position });
    });
  });
  matches.sort(
    (a, b) => b.words - a.words || b.span - a.span || a.language - b.language || a.position - b.position,
  );
  const found: string[] = [];
  for (const match of matches) for (const code of match.codes) if (!found.includes(code)) found.push(code);
  return found.slice(0, limit);
}
