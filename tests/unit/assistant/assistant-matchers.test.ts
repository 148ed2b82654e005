/**
 * The assistant's ways of matching a question to entries, side by side on the same question sets
 * (issue 36): the search index, intent classifiers trained on the entries' ways of asking, and their
 * combinations. A bench, not a test: it runs only with ASSISTANT_MATCHERS set (scripts/bench-assistant-
 * matchers.ts sets it), never on the blind sets (holdout-5, holdout-6), and fails nothing. A set whose
 * questions are among the entries' phrasings is measured "left out" of them.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import type { Language } from '@/lib/i18n/languages';
import {
  OUTSIDE_CLASS as OUTSIDE,
  classesOf,
  createAssistantMatcher,
  keyOf,
  withPriors,
} from '@/lib/knowledge/assistant-matcher';
import { trainIntentClassifier } from '@/lib/knowledge/intent-classifier';
import {
  createKnowledgeIndex,
  type IndexOptions,
  type KnowledgeEntry,
  type SearchContext,
} from '@/lib/knowledge/knowledge-index';
import {
  QUESTION_SETS,
  knowledgeEntriesFor,
  loadQuestionSet,
  measure,
  outsideGuideOf,
  withoutAsked,
  type QuestionCase,
} from './question-set';

const RUN = Boolean(process.env.ASSISTANT_MATCHERS);
const REPORT_FILE = process.env.ASSISTANT_MATCHERS_REPORT;
const LANGUAGES: Language[] = ['fr', 'en', 'ro'];

/** How an approach answers a question: the entries' keys, best first; empty when it refuses. */
type Answerer = (question: QuestionCase) => string[];
/** `leftOut`: a question set whose questions the approach is built without (see withoutAsked). */
type Approach = (language: Language, leftOut?: readonly QuestionCase[]) => Promise<Answerer>;

interface Base {
  entries: KnowledgeEntry[];
  outsideGuide: string;
}

async function bases(
  language: Language,
  leftOut: readonly QuestionCase[] = [],
): Promise<Record<'FR' | 'RO', Base>> {
  const outsideGuide = outsideGuideOf(language);
  const fr = (await loadLegalFormSteps['FR-SAS']?.()) ?? [];
  const ro = (await loadLegalFormSteps['RO-SRL']?.()) ?? [];
  return {
    FR: { entries: withoutAsked(knowledgeEntriesFor(language, fr), leftOut), outsideGuide },
    RO: { entries: withoutAsked(knowledgeEntriesFor(language, ro), leftOut), outsideGuide },
  };
}

const contextOf = (question: QuestionCase): SearchContext => ({
  jurisdiction: question.jurisdiction ?? null,
  legalForm: question.legalForm ?? null,
});

const indexWith =
  (options: IndexOptions = {}): Approach =>
  async (language, leftOut) => {
    const built = await bases(language, leftOut);
    const indexes = {
      FR: createKnowledgeIndex(built.FR.entries, { outsideGuide: built.FR.outsideGuide, ...options }),
      RO: createKnowledgeIndex(built.RO.entries, { outsideGuide: built.RO.outsideGuide, ...options }),
    };
    return (question) =>
      indexes[question.jurisdiction ?? 'FR']
        .search(question.q, contextOf(question))
        .map(({ entry }) => keyOf(entry));
  };

/** The naive Bayes classifier alone: refuses when its best class is the outside one or unsure. */
const bayes =
  (threshold: number, bodyWeight = 0.3, temperature = 1): Approach =>
  async (language, leftOut) => {
    const built = await bases(language, leftOut);
    const classifiers = {
      FR: trainIntentClassifier(classesOf(built.FR.entries, built.FR.outsideGuide, bodyWeight), {
        temperature,
      }),
      RO: trainIntentClassifier(classesOf(built.RO.entries, built.RO.outsideGuide, bodyWeight), {
        temperature,
      }),
    };
    return (question) => {
      const country = question.jurisdiction ?? 'FR';
      const scores = withPriors(
        built[country].entries,
        classifiers[country].classify(question.q),
        question.q,
        contextOf(question),
      );
      const best = scores[0];
      if (!best || best.id === OUTSIDE || best.probability < threshold) return [];
      return scores
        .filter(({ id }) => id !== OUTSIDE)
        .slice(0, 3)
        .map(({ id }) => id);
    };
  };

/**
 * The index finds and refuses; the classifier re-ranks its candidates (createAssistantMatcher, what
 * ships with its defaults): each candidate's score is its index score over the best one's, plus
 * `weight` times its probability over the best probability.
 */
const combined =
  (weight: number, bodyWeight: number, temperature: number, options: IndexOptions = {}): Approach =>
  async (language, leftOut) => {
    const built = await bases(language, leftOut);
    const matcher = (base: Base) =>
      createAssistantMatcher(base.entries, {
        outsideGuide: base.outsideGuide,
        weight,
        bodyWeight,
        temperature,
        ...options,
      });
    const matchers = { FR: matcher(built.FR), RO: matcher(built.RO) };
    return (question) =>
      matchers[question.jurisdiction ?? 'FR']
        .search(question.q, contextOf(question))
        .map(({ entry }) => keyOf(entry));
  };

/** NLP.js's neural intent classifier (@nlpjs/nlu), when installed; trained on the same examples. */
const nlpjs: Approach = async (language, leftOut) => {
  const require = createRequire(import.meta.url);
  const load = (name: string): unknown => {
    try {
      return require(name);
    } catch {
      return require(`/tmp/n-nlpjs/node_modules/${name}`);
    }
  };
  type Nlu = {
    train: (corpus: { utterance: string; intent: string }[]) => Promise<unknown>;
    process: (text: string) => Promise<{ classifications: { intent: string; score: number }[] }>;
  };
  const { containerBootstrap } = load('@nlpjs/core') as {
    containerBootstrap: () => Promise<{ use: (plugin: unknown) => void }>;
  };
  const { NluNeural } = load('@nlpjs/nlu') as {
    NluNeural: new (settings: object, container: unknown) => Nlu;
  };
  const plugin = {
    fr: () => (load('@nlpjs/lang-fr') as { LangFr: unknown }).LangFr,
    en: () => (load('@nlpjs/lang-en-min') as { LangEn: unknown }).LangEn,
    ro: () => (load('@nlpjs/lang-ro') as { LangRo: unknown }).LangRo,
  }[language]();
  const built = await bases(language, leftOut);
  const train = async (base: Base) => {
    const container = await containerBootstrap();
    container.use(plugin);
    const nlu = new NluNeural({ locale: language, log: false }, container);
    const corpus = classesOf(base.entries, base.outsideGuide, 0).flatMap(({ id, examples }) =>
      examples.filter(({ weight }) => weight > 0).map(({ text }) => ({ utterance: text, intent: id })),
    );
    await nlu.train(corpus);
    return nlu;
  };
  const nlus = { FR: await train(built.FR), RO: await train(built.RO) };
  const answers = new Map<string, string[]>();
  return Object.assign(
    (question: QuestionCase) => answers.get(`${question.jurisdiction ?? 'FR'}|${question.q}`) ?? [],
    {
      prepare: async (cases: QuestionCase[]) => {
        for (const question of cases) {
          const country = question.jurisdiction ?? 'FR';
          const result = await nlus[country].process(question.q);
          const scores = withPriors(
            built[country].entries,
            result.classifications.map(({ intent, score }) => ({ id: intent, probability: score })),
            question.q,
            contextOf(question),
          );
          const best = scores[0];
          answers.set(
            `${country}|${question.q}`,
            !best || best.id === OUTSIDE || best.id === 'None' || best.probability < 0.3
              ? []
              : scores
                  .filter(({ id }) => id !== OUTSIDE && id !== 'None')
                  .slice(0, 3)
                  .map(({ id }) => id),
          );
        }
      },
    },
  );
};

/**
 * The approaches compared: the index refusing only below its least score or on the outside-the-guide
 * list, as before issue 36; NLP.js's neural intent classifier; this project's naive Bayes
 * classifier alone; the classifier re-ranking the index's candidates; the index refusing weak answers
 * (MIN_SUPPORT); and both, which ships (src/lib/knowledge/assistant-matcher.ts).
 */
const APPROACHES: Record<string, Approach> = {
  'index, no support refusal': indexWith({ minSupport: 0 }),
  'nlpjs neural': nlpjs,
  'naive Bayes': bayes(0.2, 0.3, 0.1),
  'index + Bayes re-rank': combined(0.5, 0.3, 0.1, { minSupport: 0 }),
  'index + support refusal': indexWith(),
  'index + support + Bayes re-rank (shipped)': combined(0.5, 0.3, 0.1),
};
/** ASSISTANT_MATCHERS_ONLY: a pattern of the approaches to run (all by default). */
const ONLY = new RegExp(process.env.ASSISTANT_MATCHERS_ONLY ?? '.');

describe.runIf(RUN)('the assistant’s matchers side by side', () => {
  it.each(Object.entries(APPROACHES).filter(([name]) => ONLY.test(name)))(
    '%s',
    async (name, approach) => {
      for (const language of LANGUAGES) {
        for (const set of QUESTION_SETS.filter(({ blind }) => !blind)) {
          const cases = loadQuestionSet(set, language);
          if (!cases) continue;
          // A set whose questions are among the phrasings is measured left out of them: each approach
          // is built again without them (the other sets' stay), as on questions it never saw.
          const answerer = await approach(language, set.asked ? cases : []).catch((error: unknown) => {
            // NLP.js is a bench-only dependency: without it, its row is left out.
            if (error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND') return null;
            throw error;
          });
          if (!answerer) {
            console.log(`${name}: not installed, skipped`);
            return;
          }
          if ('prepare' in answerer && typeof answerer.prepare === 'function')
            await (answerer.prepare as (cases: QuestionCase[]) => Promise<void>)(cases);
          const report = measure(language, cases, answerer);
          const unanswerable = report.questions - report.answerable;
          const missing = cases.filter(({ answers }) =>
            answers.some((key) => key.startsWith('#missing:')),
          ).length;
          const line = {
            missing,
            approach: name,
            set: set.asked ? `${set.name}, left out` : set.name,
            language,
            answerable: report.answerable,
            top1: report.top1,
            top3: report.top3,
            refused: report.refused,
            unanswerable,
          };
          console.log(
            `${name.padEnd(42)} ${set.name.padEnd(10)} ${language} top-1 ${((100 * report.top1) / report.answerable).toFixed(1)} top-3 ${((100 * report.top3) / report.answerable).toFixed(1)} refused ${report.refused}/${unanswerable} top-1-labelled ${((100 * report.top1) / (report.answerable - missing)).toFixed(1)}`,
          );
          if (process.env.SHOW_MISSES) for (const miss of report.misses) console.log(JSON.stringify(miss));
          if (REPORT_FILE) appendFileSync(REPORT_FILE, `${JSON.stringify(line)}\n`);
          expect(report.questions).toBe(cases.length);
        }
      }
    },
    // Each approach is trained once per set and language (six sets left out).
    900_000,
  );
});
