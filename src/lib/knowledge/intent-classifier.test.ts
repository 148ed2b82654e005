import { describe, expect, it } from 'vitest';
import { intentFeatures, trainIntentClassifier, type IntentExamples } from './intent-classifier';

const asking = (text: string) => ({ text, weight: 1 });

const CLASSES: IntentExamples[] = [
  {
    id: 'capital',
    examples: [
      asking('What is the minimum share capital?'),
      asking('How much capital do I need?'),
      asking('Can the capital be one euro?'),
    ],
  },
  {
    id: 'manager',
    examples: [
      asking('Who can be the manager of the company?'),
      asking('Can a foreigner be the président?'),
      asking('Can the gérant be an associate?'),
    ],
  },
  {
    id: 'payment',
    examples: [
      asking('Which cards do you accept?'),
      asking('How do I pay?'),
      asking('Can I pay by transfer?'),
    ],
  },
];

describe('intentFeatures', () => {
  it('holds the stems, their synonyms’ group and the letters’ trigrams of the words', () => {
    const features = intentFeatures('Gérant');
    expect(features.has('w:gerant')).toBe(true);
    expect([...features.keys()].some((feature) => feature.startsWith('s:'))).toBe(true);
    expect(features.has('t:<ge')).toBe(true);
    expect(features.has('t:nt>')).toBe(true);
  });

  it('drops the words of asking', () => {
    expect([...intentFeatures('what how').keys()]).toEqual([]);
  });
});

describe('trainIntentClassifier', () => {
  const classifier = trainIntentClassifier(CLASSES);

  it('finds the class of a question written in other words than its examples', () => {
    expect(classifier.classify('minimum capital for my company')[0]?.id).toBe('capital');
    expect(classifier.classify('is a visa card accepted')[0]?.id).toBe('payment');
  });

  it('reads a mistyped word through its letters', () => {
    expect(classifier.classify('can the managr be foreign')[0]?.id).toBe('manager');
  });

  it('gives every class a probability, most likely first, summing to one', () => {
    const scores = classifier.classify('who can be président');
    expect(scores.map(({ id }) => id).sort()).toEqual(['capital', 'manager', 'payment']);
    expect(scores.reduce((sum, { probability }) => sum + probability, 0)).toBeCloseTo(1);
    expect(scores[0]?.probability).toBeGreaterThanOrEqual(scores[1]?.probability ?? 0);
  });

  it('is surer at a lower temperature', () => {
    const sure = trainIntentClassifier(CLASSES, { temperature: 0.1 }).classify('minimum capital')[0];
    const unsure = trainIntentClassifier(CLASSES, { temperature: 1 }).classify('minimum capital')[0];
    expect(sure?.probability).toBeGreaterThan(unsure?.probability ?? 1);
  });

  it('classifies nothing when no feature of the question is known', () => {
    expect(classifier.classify('zzz qqq')).toEqual([]);
    expect(trainIntentClassifier([]).classify('capital')).toEqual([]);
  });
});
