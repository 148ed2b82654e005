import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import type { Language } from '@/lib/i18n/languages';
import { createAssistantMatcher, keyOf } from '@/lib/knowledge/assistant-matcher';
import {
  QUESTION_SETS,
  knowledgeEntriesFor,
  loadQuestionSet,
  measure,
  outsideGuideOf,
  questionSetPath,
  withoutAsked,
  type AccuracyReport,
  type QuestionCase,
  type QuestionSet,
} from './question-set';

const STEPS = {
  FR: (await loadLegalFormSteps['FR-SAS']?.()) ?? [],
  RO: (await loadLegalFormSteps['RO-SRL']?.()) ?? [],
};

/*
 * The question sets and their floors are QUESTION_SETS (question-set.ts). Issue 36 asks for 90 % top-1
 * in every language on the tuning set and on the blind held-out sets (holdout-5, holdout-6), with 80 % of the
 * unanswerable questions refused; the other sets are reported. A set whose files are not there is
 * skipped. They measure the assistant as it ships (createAssistantMatcher). SHOW_MISSES=1 prints each
 * miss, except the blind set's: nobody tunes on it.
 */
/** `npm run bench` reads the figures from this file (one JSON report per line), when it is set. */
const REPORT_FILE = process.env.ASSISTANT_ACCURACY_REPORT;

/**
 * The assistant as it ships (createAssistantMatcher, as useAssistantKnowledge builds it): the index
 * decides whether to answer, the naive Bayes classifier re-ranks its candidates.
 */
function answer(language: Language, cases: QuestionCase[], leftOut = false): AccuracyReport {
  const outsideGuide = outsideGuideOf(language);
  // The classifier's training time, at the first question answered: a figure, not a floor.
  const onTrained = (country: string) => (milliseconds: number) =>
    console.log(`classifier trained in ${milliseconds.toFixed(0)} ms (${language}, ${country})`);
  const entries = (steps: typeof STEPS.FR) => {
    const all = knowledgeEntriesFor(language, steps);
    return leftOut ? withoutAsked(all, cases) : all;
  };
  const matchers = {
    FR: createAssistantMatcher(entries(STEPS.FR), { outsideGuide, onTrained: onTrained('FR') }),
    RO: createAssistantMatcher(entries(STEPS.RO), { outsideGuide, onTrained: onTrained('RO') }),
  };
  return measure(language, cases, (question) =>
    matchers[question.jurisdiction ?? 'FR']
      .search(question.q, {
        jurisdiction: question.jurisdiction ?? null,
        legalForm: question.legalForm ?? null,
      })
      .map(({ entry }) => keyOf(entry)),
  );
}

/** A set's floors (QUESTION_SETS): top-1 of the answerable questions, share of the others refused. */
function expectFloors(set: QuestionSet, language: Language, report: AccuracyReport) {
  const unanswerable = report.questions - report.answerable;
  if (set.floor !== undefined)
    expect(report.top1 * 100, `top-1 of ${language}`).toBeGreaterThanOrEqual(set.floor * report.answerable);
  if (set.refusedFloor !== undefined)
    expect(report.refused * 100, `refused of ${language}`).toBeGreaterThanOrEqual(
      set.refusedFloor * unanswerable,
    );
}

const percent = (count: number, of: number) => (of === 0 ? '–' : ((100 * count) / of).toFixed(1));

describe.each(QUESTION_SETS.map((set) => [set.name, set] as const))(
  'the assistant on the %s question set',
  (name, set) => {
    const languages = (['fr', 'en', 'ro'] as Language[]).map((language) => ({
      language,
      cases: loadQuestionSet(set, language),
    }));
    it.each(languages.filter(({ cases }) => cases !== null))(
      'answers $language founders',
      ({ language, cases }) => {
        const report = answer(language, cases ?? []);
        const unanswerable = report.questions - report.answerable;
        console.log(
          `${name} ${language}: top-1 ${percent(report.top1, report.answerable)} %, top-3 ${percent(report.top3, report.answerable)} % of ${report.answerable}; ${report.refused} of ${unanswerable} unanswerable refused`,
        );
        if (process.env.SHOW_MISSES && !set.blind)
          for (const miss of report.misses) console.log(JSON.stringify(miss));
        // The blind set's figures only: never its questions.
        if (REPORT_FILE)
          appendFileSync(
            REPORT_FILE,
            `${JSON.stringify({ set: name, ...report, misses: set.blind ? [] : report.misses })}\n`,
          );
        expect(report.answerable).toBeGreaterThanOrEqual(25);
        // A set whose questions are among the phrasings would find each of them: its floors hold on
        // its figures left out of them (below).
        if (!set.asked) expectFloors(set, language, report);
      },
    );
    // A set whose questions are among the phrasings, left out of them (the other sets' questions
    // stay): its floors, and the bench's figure. It trains the classifier again, so it runs only for
    // a set with floors or for the bench.
    it
      .runIf(set.asked && (Boolean(REPORT_FILE) || 'floor' in set))
      .each(languages.filter(({ cases }) => cases !== null))(
      'answers $language founders whose questions it was not given',
      ({ language, cases }) => {
        const report = answer(language, cases ?? [], true);
        if (REPORT_FILE)
          appendFileSync(
            REPORT_FILE,
            `${JSON.stringify({ set: `${name}, left out`, ...report, misses: [] })}\n`,
          );
        expect(report.answerable).toBeGreaterThanOrEqual(25);
        expectFloors(set, language, report);
      },
      // Two classifiers trained again: seconds, more on a busy machine.
      60_000,
    );
    it.skipIf(languages.some(({ cases }) => cases !== null))(`has no ${name} files yet`, () => {
      expect(languages.map(({ language }) => questionSetPath(set, language))).toHaveLength(3);
    });
  },
);

describe('the assistant and small talk', () => {
  const SMALL_TALK: Record<Language, string[]> = {
    fr: ['bonjour', 'merci beaucoup', 'les des pour avec', 'quelle heure est-il ?'],
    en: ['hello', 'thanks a lot', 'the and for with', 'what time is it?'],
    ro: ['bună ziua', 'mulțumesc mult', 'și de la cu pentru', 'ce mai faci?'],
  };

  it.each(['fr', 'en', 'ro'] as Language[])(
    'answers nothing to greetings and common words in %s',
    (language) => {
      const index = createAssistantMatcher(knowledgeEntriesFor(language, STEPS.FR), {
        outsideGuide: outsideGuideOf(language),
      });
      for (const words of SMALL_TALK[language]) expect(index.search(words), words).toEqual([]);
    },
  );
});
