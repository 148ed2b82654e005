import { describe, expect, it } from 'vitest';
import { createAssistantMatcher } from './assistant-matcher';
import { createKnowledgeIndex, type KnowledgeEntry } from './knowledge-index';

const faq = (id: string, title: string, phrasings: string, text: string): KnowledgeEntry => ({
  kind: 'faq',
  id,
  title,
  text,
  context: '',
  phrasings,
});

const ENTRIES: KnowledgeEntry[] = [
  faq(
    'capital',
    'What is the minimum share capital?',
    'How much capital do I need? | Can the capital be one euro?',
    'The share capital can be one euro; the capital is deposited at a bank before registration.',
  ),
  faq(
    'deposit',
    'Where do I deposit the capital?',
    'Which bank for the capital deposit? | Deposit certificate from the bank | Can a notary hold the funds?',
    'At a bank or a notary, which gives a certificate of deposit.',
  ),
  faq(
    'manager',
    'Who can be the manager?',
    'Can a foreigner be president? | Can the manager be an associate?',
    'Any adult person, of any nationality, who is not barred from managing.',
  ),
];
const OUTSIDE = 'How do I hire an employee? | What is the VAT rate?';

const ids = (matches: { entry: KnowledgeEntry }[]) => matches.map(({ entry }) => entry.id);

describe('createAssistantMatcher', () => {
  it('re-ranks the index’s candidates when the classifier is sure of another one', () => {
    const index = createKnowledgeIndex(ENTRIES, { outsideGuide: OUTSIDE });
    const matcher = createAssistantMatcher(ENTRIES, { outsideGuide: OUTSIDE });
    // The index finds "bank" in the deposit's questions; every way of asking the capital says "capital".
    expect(ids(index.search('capital banking'))[0]).toBe('deposit');
    expect(ids(matcher.search('capital banking'))).toEqual(['capital', 'deposit']);
    // Without the classifier's weight, the index's order.
    const indexOrder = createAssistantMatcher(ENTRIES, { outsideGuide: OUTSIDE, weight: 0 });
    expect(ids(indexOrder.search('capital banking'))[0]).toBe('deposit');
  });

  it('keeps the index’s order when the classifier agrees', () => {
    const matcher = createAssistantMatcher(ENTRIES, { outsideGuide: OUTSIDE });
    expect(ids(matcher.search('Can a foreigner be the manager?'))[0]).toBe('manager');
    expect(ids(matcher.search('how much capital to deposit'))).toEqual(['capital', 'deposit']);
  });

  it('answers nothing when the index refuses, and gives what the index found then', () => {
    const trainings: number[] = [];
    const matcher = createAssistantMatcher(ENTRIES, {
      outsideGuide: OUTSIDE,
      onTrained: (milliseconds) => trainings.push(milliseconds),
    });
    const index = createKnowledgeIndex(ENTRIES, { outsideGuide: OUTSIDE });
    for (const question of ['What is the VAT rate?', 'weather tomorrow', '']) {
      const answer = matcher.ask(question);
      expect(answer.answers, question).toEqual([]);
      expect(answer).toEqual(index.ask(question));
    }
    expect(matcher.ask('How do I hire an employee?').outsideGuide).toBe(true);
    // Refusals need no classifier: it is not trained for them.
    expect(trainings).toEqual([]);
  });

  it('trains its classifier at the first answer, once', () => {
    const trainings: number[] = [];
    const matcher = createAssistantMatcher(ENTRIES, {
      outsideGuide: OUTSIDE,
      onTrained: (milliseconds) => trainings.push(milliseconds),
    });
    expect(trainings).toHaveLength(0);
    matcher.ask('minimum capital');
    matcher.ask('Can a foreigner be the manager?', { jurisdiction: 'FR', legalForm: 'SAS' });
    matcher.search('capital banking');
    expect(trainings).toHaveLength(1);
  });
});
