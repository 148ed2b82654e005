import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import type { Language } from '@/lib/i18n/languages';
import { createKnowledgeIndex } from './assistant-knowledge';
import { knowledgeEntriesFor, measure, type QuestionCase } from './question-set';

const STEPS = {
  FR: (await loadLegalFormSteps['FR-SAS']?.()) ?? [],
  RO: (await loadLegalFormSteps['RO-SRL']?.()) ?? [],
};

/**
 * Top-1 floors, per language, in percent. Issue 20 asks for 85 % in every language (and aims at 90 %):
 * French (87.5 %) and Romanian (88.9 %) hold it; English is at 77.9 % (November 2026) and its floor guards the progress
 * made until its answers catch up. Raise a floor when the assistant improves, never lower it.
 */
const TOP1_FLOOR_PERCENT: Record<Language, number> = { fr: 87, en: 77, ro: 88 };

describe('the assistant on the question set', () => {
  it.each(['fr', 'en', 'ro'] as Language[])('answers %s founders', (language) => {
    const cases = JSON.parse(
      readFileSync(`tests/fixtures/assistant-questions/${language}.json`, 'utf8'),
    ) as QuestionCase[];
    const indexes = {
      FR: createKnowledgeIndex(knowledgeEntriesFor(language, STEPS.FR)),
      RO: createKnowledgeIndex(knowledgeEntriesFor(language, STEPS.RO)),
    };
    const report = measure(language, cases, (question) =>
      indexes[question.jurisdiction ?? 'FR']
        .search(question.q, { jurisdiction: question.jurisdiction ?? null })
        .map(({ entry }) => (entry.kind === 'field' ? `field:${entry.id}` : entry.id)),
    );
    const percent = (count: number) => ((100 * count) / report.answerable).toFixed(1);
    console.log(
      `${language}: top-1 ${percent(report.top1)} %, top-3 ${percent(report.top3)} % of ${report.answerable}; ${report.refused} of ${report.questions - report.answerable} unanswerable refused`,
    );
    if (process.env.SHOW_MISSES) for (const miss of report.misses) console.log(JSON.stringify(miss));
    expect(report.answerable).toBeGreaterThan(50);
    expect(report.top1 * 100, `top-1 of ${language}`).toBeGreaterThanOrEqual(
      TOP1_FLOOR_PERCENT[language] * report.answerable,
    );
  });
});
