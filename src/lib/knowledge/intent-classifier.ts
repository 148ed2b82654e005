/**
 * A small intent classifier over the assistant's entries: a multinomial naive Bayes, trained on every
 * way of asking an entry (its question and its other phrasings, and its answer at a lower weight),
 * over the question's word stems, their synonyms' group and the letters' trigrams of its words (which
 * carry a mistyped or differently ended word to the entries' own). Trained where it is used, in a few
 * milliseconds: no model to download or to ship, and staff's new phrasings count at the next load.
 */
import { isQuestionWord, normalizedWords, stems, synonymGroupOf } from './words';

/** A class to learn: its id and its examples, each with how much it counts (1 for a way of asking). */
export interface IntentExamples {
  id: string;
  examples: readonly { text: string; weight: number }[];
}

/**
 * How much a feature of each kind counts: a word's stem, its synonyms' group, a trigram of its letters
 * (shared among a word's trigrams, so that a long word weighs no more than a short one).
 */
const FEATURE_WEIGHTS = { stem: 1, synonym: 0.7, trigrams: 1 };
/** Laplace smoothing of the word counts of each class. */
const SMOOTHING = 0.05;

/**
 * The softmax's temperature, per unit of the question's feature weight: a naive Bayes' raw
 * probabilities are all but 0 or 1; spread, they say how sure it is.
 */
const TEMPERATURE = 1;

/** The features of a text and their weights (see FEATURE_WEIGHTS). */
export function intentFeatures(text: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string, weight: number) =>
    features.set(feature, (features.get(feature) ?? 0) + weight);
  for (const stem of stems(text)) {
    add(`w:${stem}`, FEATURE_WEIGHTS.stem);
    const group = synonymGroupOf(stem);
    if (group !== undefined) add(`s:${group}`, FEATURE_WEIGHTS.synonym);
  }
  for (const word of normalizedWords(text)) {
    if (word.length < 4 || isQuestionWord(word)) continue;
    const padded = `<${word}>`;
    const count = padded.length - 2;
    for (let start = 0; start + 3 <= padded.length; start += 1)
      add(`t:${padded.slice(start, start + 3)}`, FEATURE_WEIGHTS.trigrams / count);
  }
  return features;
}

export interface IntentScore {
  id: string;
  /** The class's probability given the question, between 0 and 1 (all classes sum to 1). */
  probability: number;
}

/**
 * Trains the classifier on `classes`. Each feature weighs by how few classes use it (inverse class
 * frequency), so that "SAS" or "company", in many entries' ways of asking, decide less than "Kbis".
 */
export function trainIntentClassifier(
  classes: readonly IntentExamples[],
  { temperature = TEMPERATURE }: { temperature?: number } = {},
) {
  const classFeatures = classes.map(({ examples }) => {
    const counts = new Map<string, number>();
    for (const { text, weight } of examples)
      for (const [feature, value] of intentFeatures(text))
        counts.set(feature, (counts.get(feature) ?? 0) + value * weight);
    return counts;
  });
  const classFrequency = new Map<string, number>();
  for (const counts of classFeatures)
    for (const feature of counts.keys()) classFrequency.set(feature, (classFrequency.get(feature) ?? 0) + 1);
  const vocabulary = classFrequency.size;
  const totals = classFeatures.map((counts) => [...counts.values()].reduce((sum, value) => sum + value, 0));
  const rarity = (feature: string) =>
    Math.log((classes.length + 1) / ((classFrequency.get(feature) ?? 0) + 0.5));

  /** Every class's probability for `question`, most likely first; empty when no feature is known. */
  function classify(question: string): IntentScore[] {
    const features = [...intentFeatures(question)].filter(([feature]) => classFrequency.has(feature));
    if (features.length === 0) return [];
    const logits = classFeatures.map((counts, index) => {
      const denominator = (totals[index] ?? 0) + SMOOTHING * vocabulary;
      let sum = 0;
      for (const [feature, value] of features)
        sum += value * rarity(feature) * Math.log(((counts.get(feature) ?? 0) + SMOOTHING) / denominator);
      return sum;
    });
    const spread = temperature * features.reduce((sum, [feature, value]) => sum + value * rarity(feature), 0);
    const highest = Math.max(...logits);
    const exponentials = logits.map((logit) => Math.exp((logit - highest) / Math.max(spread, 1e-9)));
    const sum = exponentials.reduce((total, value) => total + value, 0);
    return classes
      .map(({ id }, index) => ({ id, probability: (exponentials[index] ?? 0) / sum }))
      .sort((a, b) => b.probability - a.probability);
  }

  return { classify };
}

export type IntentClassifier = ReturnType<typeof trainIntentClassifier>;
