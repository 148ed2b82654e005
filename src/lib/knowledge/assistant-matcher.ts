/**
 * What the assistant ships (issue 36): the search index decides whether to answer (its refusal rules
 * as they are: least score, outside-the-guide list, support); when it answers, the naive Bayes intent
 * classifier re-ranks the index's closest candidates. Chosen from a side-by-side comparison on the same
 * question sets (tests/unit/assistant/assistant-matchers.test.ts, `npm run bench`), where it did
 * better than the index alone and than either classifier alone.
 */
import { trainIntentClassifier, type IntentClassifier, type IntentScore } from './intent-classifier';
import {
  MAX_QUESTION_LENGTH,
  createKnowledgeIndex,
  questionJurisdiction,
  type IndexOptions,
  type KnowledgeAnswer,
  type KnowledgeEntry,
  type SearchContext,
} from './knowledge-index';

/** The classifier's class for what the guide does not cover (knowledge.json `outsideGuide`). */
export const OUTSIDE_CLASS = '#outsideGuide';

/** How much an entry's answer text counts in its class, against 1 for each way of asking it. */
export const BODY_WEIGHT = 0.3;
/** The classifier's softmax temperature: low, its probabilities tell its first class from the next. */
export const TEMPERATURE = 0.1;
/** How much the classifier's probability counts against the index's score in the re-ranking. */
export const RERANK_WEIGHT = 0.5;
/** How many of the index's closest candidates the classifier re-ranks. */
const CANDIDATES = 10;
/** How many answers the assistant gives. */
const MAX_ANSWERS = 3;

/** An entry's key, as the question sets name it: `field:<path>` for a wizard field, its id otherwise. */
export const keyOf = (entry: KnowledgeEntry) => (entry.kind === 'field' ? `field:${entry.id}` : entry.id);

/**
 * The classifier's classes: each entry with its question and phrasings (weight 1) and its answer at
 * `bodyWeight`; and the outside-the-guide class, from its ways of asking.
 */
export function classesOf(
  entries: readonly KnowledgeEntry[],
  outsideGuide: string,
  bodyWeight: number = BODY_WEIGHT,
) {
  const askings = (text: string) =>
    text
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean);
  return [
    ...entries.map((entry) => ({
      id: keyOf(entry),
      examples: [
        { text: entry.title, weight: 1 },
        ...askings(entry.phrasings ?? '').map((text) => ({ text, weight: 1 })),
        { text: `${entry.text} ${entry.context}`, weight: bodyWeight },
      ],
    })),
    { id: OUTSIDE_CLASS, examples: askings(outsideGuide).map((text) => ({ text, weight: 1 })) },
  ];
}

/**
 * The country and legal-form priors the index applies, on the classifier's probabilities: an entry of
 * another country than the one the question names gets none; one of the founder's country or form
 * counts more, one of another counts less.
 */
export function withPriors(
  entries: readonly KnowledgeEntry[],
  scores: readonly IntentScore[],
  question: string,
  context: SearchContext = {},
): IntentScore[] {
  const byKey = new Map(entries.map((entry) => [keyOf(entry), entry]));
  const named = questionJurisdiction(question);
  const country = named ?? context.jurisdiction ?? null;
  const form = context.legalForm ?? null;
  return scores
    .map(({ id, probability }) => {
      const entry = byKey.get(id);
      if (!entry || entry.kind !== 'faq') return { id, probability };
      if (named && entry.jurisdiction && entry.jurisdiction !== named) return { id, probability: 0 };
      const countryFactor = !country || !entry.jurisdiction ? 1 : entry.jurisdiction === country ? 1.25 : 0.5;
      const formFactor = !form || !entry.legalForms ? 1 : entry.legalForms.includes(form) ? 1.2 : 0.7;
      return { id, probability: probability * countryFactor * formFactor };
    })
    .sort((a, b) => b.probability - a.probability);
}

export interface MatcherOptions extends IndexOptions {
  /** How much the classifier counts in the re-ranking (RERANK_WEIGHT by default). */
  weight?: number | undefined;
  bodyWeight?: number | undefined;
  temperature?: number | undefined;
  /** Called with the classifier's training time in milliseconds, once it is trained (bench, tests). */
  onTrained?: ((milliseconds: number) => void) | undefined;
}

/**
 * The assistant's matcher, with the search index's API. `ask` answers as the index decides; its
 * answers are the index's closest candidates (ten at most) re-ranked by `score / best score + weight ×
 * probability / best probability` (the classifier's probabilities with the index's priors), three at
 * most, the ones after the first only if the index gives them too. The classifier is trained at the
 * first question or by `prepare` (a few hundred milliseconds, cached): the wizard calls it when the
 * browser is idle, so that neither opening the wizard nor the first question waits for it.
 */
export function createAssistantMatcher(entries: readonly KnowledgeEntry[], options: MatcherOptions = {}) {
  const { weight = RERANK_WEIGHT, bodyWeight = BODY_WEIGHT, temperature = TEMPERATURE, onTrained } = options;
  const index = createKnowledgeIndex(entries, options);
  let classifier: IntentClassifier | null = null;
  const trained = () => {
    if (!classifier) {
      const start = performance.now();
      classifier = trainIntentClassifier(classesOf(entries, options.outsideGuide ?? '', bodyWeight), {
        temperature,
      });
      onTrained?.(performance.now() - start);
    }
    return classifier;
  };

  function ask(asked: string, context: SearchContext = {}): KnowledgeAnswer {
    const found = index.ask(asked, context);
    if (found.answers.length === 0) return found;
    const question = asked.slice(0, MAX_QUESTION_LENGTH);
    const scores = withPriors(entries, trained().classify(question), question, context);
    const probability = new Map(scores.map(({ id, probability: value }) => [id, value]));
    const candidates = found.closest.slice(0, CANDIDATES);
    const bestProbability = Math.max(
      ...candidates.map(({ entry }) => probability.get(keyOf(entry)) ?? 0),
      1e-9,
    );
    const bestScore = candidates[0]?.score ?? 1;
    const [first, ...others] = candidates
      .map((match) => ({
        match,
        value:
          match.score / bestScore + (weight * (probability.get(keyOf(match.entry)) ?? 0)) / bestProbability,
      }))
      .sort((a, b) => b.value - a.value)
      .map(({ match }) => match);
    // The classifier picks the first answer among the candidates; the others are only those the index
    // itself would give (its own cut), so that a candidate sharing a word in passing is not shown.
    const answered = new Set(found.answers.map(({ entry }) => entry));
    const answers = first
      ? [first, ...others.filter(({ entry }) => answered.has(entry))].slice(0, MAX_ANSWERS)
      : [];
    return { ...found, answers };
  }

  return {
    ask,
    /** Trains the classifier now (when the browser is idle), so that the first question does not wait for it. */
    prepare: () => void trained(),
    /** The entries answering `question`, best first; empty when nothing answers it well enough. */
    search: (question: string, context: SearchContext = {}) => ask(question, context).answers,
  };
}

export type AssistantMatcher = ReturnType<typeof createAssistantMatcher>;
