import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import type { Language } from '@/lib/i18n/languages';
import { createKnowledgeIndex } from '@/lib/knowledge/knowledge-index';
import {
  knowledgeEntriesFor,
  measure,
  outsideGuideOf,
  type AccuracyReport,
  type QuestionCase,
} from './question-set';

const STEPS = {
  FR: (await loadLegalFormSteps['FR-SAS']?.()) ?? [],
  RO: (await loadLegalFormSteps['RO-SRL']?.()) ?? [],
};

/**
 * The question sets (tests/fixtures/assistant-questions): `tuning`, the one the assistant's synonyms
 * and weights were tuned on; `holdout`, written apart and never tuned on, which tells how the
 * assistant does on questions nobody tuned on. Each has a top-1 floor in percent, per language.
 * Issue 20 asks for 85 % at least; the tuning set scores 90 % or more in every language (November
 * 2026: fr 95.1, en 91.1, ro 96.4; the holdout set fr 76.9, en 73.1, ro 92.3), and the floors keep
 * a question or two of margin. `refusedFloor`: the share of unanswerable
 * questions the assistant must answer with nothing. Raise a floor when the assistant improves.
 */
const SETS = {
  tuning: {
    path: (language: Language) => `tests/fixtures/assistant-questions/${language}.json`,
    floor: 88,
    refusedFloor: 50,
  },
  holdout: {
    path: (language: Language) => `tests/fixtures/assistant-questions/holdout/${language}.json`,
    // Its unanswerable questions are on subjects nobody listed as outside the guide: reported, not held.
    floor: 65,
  },
} as const;

/** `npm run bench` reads the figures from this file (one JSON report per line), when it is set. */
const REPORT_FILE = process.env.ASSISTANT_ACCURACY_REPORT;

function answer(language: Language, cases: QuestionCase[]): AccuracyReport {
  const outsideGuide = outsideGuideOf(language);
  const indexes = {
    FR: createKnowledgeIndex(knowledgeEntriesFor(language, STEPS.FR), { outsideGuide }),
    RO: createKnowledgeIndex(knowledgeEntriesFor(language, STEPS.RO), { outsideGuide }),
  };
  return measure(language, cases, (question) =>
    indexes[question.jurisdiction ?? 'FR']
      .search(question.q, {
        jurisdiction: question.jurisdiction ?? null,
        legalForm: question.legalForm ?? null,
      })
      .map(({ entry }) => (entry.kind === 'field' ? `field:${entry.id}` : entry.id)),
  );
}

describe.each(Object.entries(SETS))(
  'the assistant on the %s question set',
  (set, { path, floor, ...rest }) => {
    it.each(['fr', 'en', 'ro'] as Language[])('answers %s founders', (language) => {
      if (!existsSync(path(language))) throw new Error(`No question set ${path(language)}`);
      const cases = JSON.parse(readFileSync(path(language), 'utf8')) as QuestionCase[];
      const report = answer(language, cases);
      const percent = (count: number, of: number) => ((100 * count) / of).toFixed(1);
      const unanswerable = report.questions - report.answerable;
      console.log(
        `${set} ${language}: top-1 ${percent(report.top1, report.answerable)} %, top-3 ${percent(report.top3, report.answerable)} % of ${report.answerable}; ${report.refused} of ${unanswerable} unanswerable refused`,
      );
      if (process.env.SHOW_MISSES) for (const miss of report.misses) console.log(JSON.stringify(miss));
      if (REPORT_FILE) appendFileSync(REPORT_FILE, `${JSON.stringify({ set, ...report })}\n`);
      expect(report.answerable).toBeGreaterThanOrEqual(25);
      expect(report.top1 * 100, `top-1 of ${language}`).toBeGreaterThanOrEqual(floor * report.answerable);
      if ('refusedFloor' in rest)
        expect(report.refused * 100, `refused of ${language}`).toBeGreaterThanOrEqual(
          rest.refusedFloor * unanswerable,
        );
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
      const index = createKnowledgeIndex(knowledgeEntriesFor(language, STEPS.FR), {
        outsideGuide: outsideGuideOf(language),
      });
      for (const words of SMALL_TALK[language]) expect(index.search(words), words).toEqual([]);
    },
  );
});
