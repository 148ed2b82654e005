import { describe, expect, it } from 'vitest';
import { MAX_QUESTION_LENGTH } from '@/lib/knowledge/knowledge-index';
import { foldText, matchesQuery, rankHelpEntries, type HelpIndex, type HelpMatch } from './help-search';

describe('matchesQuery', () => {
  it('ignores case and accents and needs every word', () => {
    expect(foldText('Société  ȘTEFAN, gérant !')).toBe('societe stefan gerant');
    expect(matchesQuery('gerant', 'Qui est le gérant ?')).toBe(true);
    expect(matchesQuery('capital soc', 'Le capital social minimum')).toBe(true);
    expect(matchesQuery('capital president', 'Le capital social minimum')).toBe(false);
    expect(matchesQuery('   ', 'anything')).toBe(true);
  });
});

const entry = (id: string, question: string, answer = '') => ({ id, question, answer });

/** Entries in their topics' order. */
const ENTRIES = [
  entry('a', 'Le siège à domicile ?', 'Oui, au domicile du gérant.'),
  entry('b', 'Une domiciliation ?', 'Une société de domiciliation agréée.'),
  entry('c', 'Le capital minimum ?', 'Un euro.'),
  entry('d', 'Le siège en Roumanie ?', 'Au domicile, avec un acte.'),
  entry('e', 'Les frais ?', 'Selon la formule.'),
];

/** An index answering with fixed scores, as createKnowledgeIndex would (answers: ≥ 1.5, ≥ 60 % of the best, three at most). */
function fakeIndex(scores: Record<string, number>): HelpIndex {
  const closest: HelpMatch[] = Object.entries(scores)
    .map(([id, score]) => ({ entry: { id }, score }))
    .sort((x, y) => y.score - x.score);
  const top = closest[0]?.score ?? 0;
  return {
    ask: () => ({
      answers: closest.filter((match) => match.score >= 1.5 && match.score >= top * 0.6).slice(0, 3),
      closest,
    }),
  };
}

const ids = (entries: readonly { id: string }[]) => entries.map((item) => item.id);

describe('rankHelpEntries', () => {
  it("puts the index's answers first, then the entries it scores close, best first", () => {
    const results = rankHelpEntries('sediu acasa', ENTRIES, fakeIndex({ a: 10, b: 5, d: 5, e: 2 }));
    expect(ids(results.best)).toEqual(['a']);
    // b and d score 50 % of the best (kept, ties in the topics' order); e, 20 %, is left out.
    expect(ids(results.related)).toEqual(['b', 'd']);
  });

  it('adds the entries holding every word of the query that the index missed, after the scored ones', () => {
    // "domicile" is in a, b (domiciliation) and d; the index found a, and d weakly.
    const results = rankHelpEntries('domicil', ENTRIES, fakeIndex({ a: 6, d: 0.5 }));
    expect(ids(results.best)).toEqual(['a']);
    expect(ids(results.related)).toEqual(['d', 'b']);
  });

  it('never lists an entry twice, nor one the page does not have', () => {
    const results = rankHelpEntries('capital', ENTRIES, fakeIndex({ c: 4, gone: 4, e: 3 }));
    expect(ids(results.best)).toEqual(['c', 'e']);
    expect(ids(results.related)).toEqual([]);
  });

  it('keeps only every-word matches when the index finds nothing good enough', () => {
    const results = rankHelpEntries('frais', ENTRIES, fakeIndex({ e: 1.2, a: 1 }));
    expect(ids(results.best)).toEqual([]);
    expect(ids(results.related)).toEqual(['e']);
  });

  it('finds nothing for gibberish or an empty query', () => {
    expect(rankHelpEntries('xqzzy blorf', ENTRIES, fakeIndex({}))).toEqual({ best: [], related: [] });
    expect(rankHelpEntries('  ', ENTRIES, fakeIndex({ a: 9 }))).toEqual({ best: [], related: [] });
  });

  it('reads at most as many characters as the assistant does: a pasted page is cut, not searched whole', () => {
    const asked: string[] = [];
    const index: HelpIndex = {
      ask: (query) => {
        asked.push(query);
        return { answers: [], closest: [] };
      },
    };
    // 42,000 characters (R3-I5's 40,000 cost 1.4 s of long tasks), "capital" at the end, past the cut.
    const pasted = `${'frais '.repeat(7_000)}capital`;
    expect(pasted.length).toBeGreaterThanOrEqual(40_000);
    const results = rankHelpEntries(pasted, ENTRIES, index);
    expect(asked).toEqual([pasted.slice(0, MAX_QUESTION_LENGTH)]);
    // The every-word match reads the same cut query: "frais" finds e; "capital", cut off, asks nothing.
    expect(ids(results.related)).toEqual(['e']);
  });
});
