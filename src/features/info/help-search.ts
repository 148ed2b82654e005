import { MAX_QUESTION_LENGTH } from '@/lib/knowledge/knowledge-index';

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

/** One match of a search index: the entry's id and its score (higher is closer). */
export interface HelpMatch {
  entry: { id: string };
  score: number;
}

/**
 * What /help needs of the assistant's index (createKnowledgeIndex): its `answers`, the few good ones,
 * best first; `closest`, every entry sharing a word, scored as the answers are.
 */
export interface HelpIndex {
  ask(query: string): { answers: readonly HelpMatch[]; closest: readonly HelpMatch[] };
}

export interface HelpEntry {
  id: string;
  question: string;
  answer: string;
}

/** What a query finds: the index's answers, then the other entries worth a look, best first. */
export interface HelpResults<T extends HelpEntry> {
  best: T[];
  related: T[];
}

/**
 * An entry the index scores at least this share of the best answer's score is worth listing under
 * it: "sediu acasa" finds the French office at home first, the Romanian one next (half its score).
 */
const RELATED_SHARE = 0.4;
/** The lowest score worth listing at all (a fairly rare word in common): below, a word of every entry. */
const RELATED_MIN_SCORE = 1.5;

/**
 * The entries a query finds on /help. First the index's answers (synonyms, typos, words without
 * accents, in any order: what the wizard's assistant would answer). Then the entries it scores close
 * to them, and those that hold every word of the query (`matchesQuery`) the index missed: ranked by
 * the index's score, ties and unscored ones in `entries`' order (the topics').
 */
export function rankHelpEntries<T extends HelpEntry>(
  typed: string,
  entries: readonly T[],
  index: HelpIndex,
): HelpResults<T> {
  // The box stops at this length; text put there otherwise (a script, a paste) is cut here too.
  const query = typed.slice(0, MAX_QUESTION_LENGTH);
  if (foldText(query) === '') return { best: [], related: [] };
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const { answers, closest } = index.ask(query);
  const best = answers.flatMap((match) => byId.get(match.entry.id) ?? []);
  const taken = new Set(best.map((entry) => entry.id));
  const scores = new Map(closest.map((match) => [match.entry.id, match.score]));
  const floor = Math.max(RELATED_MIN_SCORE, (closest[0]?.score ?? 0) * RELATED_SHARE);
  const scoreOf = (entry: T) => scores.get(entry.id) ?? 0;
  const related = entries
    .filter(
      (entry) =>
        !taken.has(entry.id) &&
        (scoreOf(entry) >= floor || matchesQuery(query, entry.question, entry.answer)),
    )
    // A stable sort: equal scores keep the topics' order.
    .sort((a, b) => scoreOf(b) - scoreOf(a));
  return { best, related };
}
