/**
 * The wizard's assistant on the question sets (tests/fixtures/assistant-questions): top-1 and top-3
 * accuracy and refused unanswerable questions, per set and language. The figures come from the
 * accuracy test (tests/unit/assistant/assistant-accuracy.test.ts), which builds the assistant's
 * index as the wizard does; this script runs it and reads the reports it writes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMain } from './bench-server';
import { printTable, withTarget, type Table } from './bench-report';

export interface AssistantFigures {
  set: string;
  language: string;
  questions: number;
  answerable: number;
  top1: number;
  top3: number;
  refused: number;
}

/**
 * Issue 36's targets: top-1 ≥ 90 % in every language on the tuning set and on the blind held-out sets,
 * with ≥ 80 % of their unanswerable questions refused. The other sets are reported. The blind sets of
 * the moment are holdout-5 and holdout-6; holdout-2, holdout-3 and holdout-4 were blind in their round
 * and are now used: their questions are among the entries' phrasings, so their target holds on their
 * figures "left out" (measured without their own questions among the phrasings).
 */
const TOP1_TARGET_PERCENT = 90;
const REFUSED_TARGET_PERCENT = 80;
const TARGET_SETS = new Set([
  'tuning',
  'tuning, left out',
  'holdout-2, left out',
  'holdout-3, left out',
  'holdout-4, left out',
  'holdout-5',
  'holdout-6',
]);

/**
 * The figures before issue 36 changed anything (November 27, 2026: the matcher and the entries of
 * issue 20, each set as it was labelled then): top-1 in percent and refused unanswerable questions.
 * The blind set's were measured before any change, as it was first labelled (some of its questions
 * named no entry then: "#missing", a miss until an entry answered them and the question was relabelled).
 */
const BEFORE: Record<string, Record<string, { top1: number; refused: string } | null>> = {
  tuning: {
    fr: { top1: 93.9, refused: '3 of 5' },
    en: { top1: 89.9, refused: '4 of 5' },
    ro: { top1: 96.4, refused: '4 of 5' },
  },
  'holdout-1': {
    fr: { top1: 69.2, refused: '2 of 4' },
    en: { top1: 73.1, refused: '0 of 4' },
    ro: { top1: 96.2, refused: '1 of 4' },
  },
  dev: {
    fr: { top1: 55.0, refused: '2 of 11' },
    en: { top1: 38.9, refused: '1 of 13' },
    ro: { top1: 50.9, refused: '4 of 11' },
  },
  'holdout-2': {
    fr: { top1: 58.7, refused: '1 of 12' },
    en: { top1: 58.3, refused: '1 of 11' },
    ro: { top1: 56.9, refused: '2 of 12' },
  },
  // Written and labelled blind for issue 36's second round (November 27, 2026), measured before its
  // changes (the refusal signs, the other countries, the new entries and phrasings).
  'holdout-4': {
    fr: { top1: 64.0, refused: '4 of 10' },
    en: { top1: 74.0, refused: '4 of 10' },
    ro: { top1: 80.0, refused: '3 of 10' },
  },
  // Written and labelled blind for the third round, measured before it (at the end of the second).
  'holdout-5': {
    fr: { top1: 84.0, refused: '7 of 10' },
    en: { top1: 80.0, refused: '7 of 10' },
    ro: { top1: 88.0, refused: '8 of 10' },
  },
  // Written blind for the fourth round, labelled against the entries' whole answers and audited,
  // measured before it (at the end of the third).
  'holdout-6': {
    fr: { top1: 94.1, refused: '8 of 9' },
    en: { top1: 94.0, refused: '9 of 10' },
    ro: { top1: 92.0, refused: '8 of 10' },
  },
};

export function benchAssistant(): AssistantFigures[] {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'kreo-assistant-'));
  const reportFile = path.join(directory, 'reports.jsonl');
  try {
    const run = spawnSync(
      'npx',
      ['vitest', 'run', '--project', 'app', 'tests/unit/assistant/assistant-accuracy.test.ts'],
      { env: { ...process.env, ASSISTANT_ACCURACY_REPORT: reportFile }, encoding: 'utf8' },
    );
    // A floor missed fails the test, yet its figures were written: they are the bench's to show.
    const lines = (() => {
      try {
        return readFileSync(reportFile, 'utf8').trim().split('\n').filter(Boolean);
      } catch {
        throw new Error(
          `The accuracy test wrote no figures: ${String(run.error ?? '')}\n${run.stdout}\n${run.stderr}`,
        );
      }
    })();
    return lines.map((line) => JSON.parse(line) as AssistantFigures);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export function assistantTable(figures: AssistantFigures[]): Table {
  const percent = (count: number, of: number) => (of === 0 ? 0 : (100 * count) / of);
  return {
    title: 'Assistant answers',
    note:
      'The wizard assistant on the question sets of tests/fixtures/assistant-questions: "tuning", the set its ' +
      'synonyms and weights were tuned on; "holdout-1", written apart for issue 20, now seen; "dev", written blind ' +
      'for issue 36 and tuned on; "holdout-2", written blind for issue 36 and never tuned on nor looked at (its ' +
      'figures only; they chose the re-ranking classifier over the index alone), then used; "holdout-3", written blind ' +
      'after that round, measured once, then used; "holdout-4", written and labelled blind for the second round, ' +
      'measured before and after it, then used; "holdout-5", written and labelled blind for the third round, ' +
      'measured before and after it, never tuned on nor looked at; "holdout-6", written blind for the fourth round, ' +
      'labelled against whole answers and audited, measured before and after it, never tuned on nor looked at. ' +
      "Since the fourth round the questions of the sets up to holdout-4 are among the entries' phrasings: each is " +
      'also measured "left out", without its own questions there (the other sets\' stay); their labels were audited ' +
      'against the entries\' whole answers in that round ("before" is as they were labelled then). ' +
      'Top-1: the first answer is one of the right entries; top-3: one of the first three is ' +
      '(a question in scope that no entry answers yet counts as a miss). Refused: questions nothing answers, ' +
      'answered with nothing. "Before": the figures when issue 36 started (each set as labelled then). ' +
      'Targets (tuning, as asked and left out, the blind sets, and the sets that were blind, left out): top-1 ≥ 90 %, ' +
      'refused ≥ 80 %.',
    headers: [
      'Set',
      'Language',
      'Questions',
      'Top-1 % before',
      'Top-1 %',
      'Top-3 %',
      'Refused before',
      'Refused',
    ],
    numeric: [2, 3, 4, 5],
    rows: figures.map((figure) => {
      const top1 = percent(figure.top1, figure.answerable);
      const unanswerable = figure.questions - figure.answerable;
      const refused = percent(figure.refused, unanswerable);
      const targeted = TARGET_SETS.has(figure.set);
      const before = BEFORE[figure.set]?.[figure.language] ?? null;
      return [
        figure.set,
        figure.language,
        String(figure.questions),
        before ? before.top1.toFixed(1) : '—',
        targeted
          ? withTarget(top1.toFixed(1), top1 >= TOP1_TARGET_PERCENT, `≥ ${TOP1_TARGET_PERCENT}`)
          : top1.toFixed(1),
        percent(figure.top3, figure.answerable).toFixed(1),
        before ? before.refused : '—',
        targeted
          ? withTarget(
              `${figure.refused} of ${unanswerable}`,
              refused >= REFUSED_TARGET_PERCENT,
              `≥ ${REFUSED_TARGET_PERCENT} %`,
            )
          : `${figure.refused} of ${unanswerable}`,
      ];
    }),
  };
}

if (isMain(import.meta.url)) printTable(assistantTable(benchAssistant()));
