/**
 * The assistant measured against tests/fixtures/assistant-questions/<lang>.json: questions as founders
 * type them, each with the entries that answer it. Used by the accuracy test (which fails under the
 * floor) and by `npm run bench` (which prints the figures). Test and bench code only.
 */
import type { StepDefinition } from '@/forms/form-definition';
import type { Language } from '@/lib/i18n/languages';
import { createTestI18n } from '@/testing/render';
import {
  knowledgeEntries,
  wizardFieldHints,
  type FaqItem,
  type KnowledgeEntry,
} from '@/lib/knowledge/knowledge-index';

export interface QuestionCase {
  q: string;
  /** The entries that answer it (`faqId`, or `field:<path>`), best first; empty: nothing answers it. */
  answers: string[];
  jurisdiction?: 'FR' | 'RO';
  legalForm?: string;
  note?: string;
}

export interface AccuracyReport {
  language: Language;
  questions: number;
  answerable: number;
  top1: number;
  top3: number;
  /** Unanswerable questions the assistant rightly answered with nothing. */
  refused: number;
  misses: { q: string; expected: string[]; got: string[] }[];
}

/** What the guide does not cover, in `language` (locales/<lang>/knowledge.json `outsideGuide`). */
export function outsideGuideOf(language: Language): string {
  return String(createTestI18n(language).t('knowledge:outsideGuide' as never));
}

/** The assistant's entries in `language` for a legal form's steps, as useAssistantKnowledge builds them. */
export function knowledgeEntriesFor(language: Language, steps: readonly StepDefinition[]): KnowledgeEntry[] {
  const i18n = createTestI18n(language);
  return knowledgeEntries(
    wizardFieldHints(steps),
    (key) => String(i18n.t(key as never)),
    {
      ...(i18n.t('faq:items', { returnObjects: true }) as Record<string, FaqItem>),
      ...(i18n.t('knowledge:items', { returnObjects: true }) as Record<string, FaqItem>),
    },
    i18n.t('knowledge:faqPhrasings', { returnObjects: true }) as Record<string, string>,
  );
}

/** Top-1 and top-3 over a question set, given how the assistant answers one question. */
export function measure(
  language: Language,
  cases: readonly QuestionCase[],
  answer: (question: QuestionCase) => string[],
): AccuracyReport {
  const report: AccuracyReport = {
    language,
    questions: cases.length,
    answerable: 0,
    top1: 0,
    top3: 0,
    refused: 0,
    misses: [],
  };
  for (const question of cases) {
    const got = answer(question).map((key) => key.replace(/^faq:/, ''));
    if (question.answers.length === 0) {
      if (got.length === 0) report.refused += 1;
      else report.misses.push({ q: question.q, expected: [], got: got.slice(0, 3) });
      continue;
    }
    report.answerable += 1;
    const first = got[0];
    if (first !== undefined && question.answers.includes(first)) report.top1 += 1;
    else report.misses.push({ q: question.q, expected: question.answers, got: got.slice(0, 3) });
    if (got.slice(0, 3).some((key) => question.answers.includes(key))) report.top3 += 1;
  }
  return report;
}
