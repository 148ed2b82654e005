/**
 * The assistant's ways of matching a question, side by side on the same question sets (issue 36):
 * the search index as it was, NLP.js's neural intent classifier (when @nlpjs/nlu and its languages are
 * installed), this project's naive Bayes classifier, their combinations, and what ships. The figures
 * come from tests/unit/assistant/assistant-matchers.test.ts, which builds each as the wizard does; the
 * blind sets (holdout-5, holdout-6) are never run; a set whose questions are among the entries' phrasings is
 * measured "left out" of them (each approach built again without them). `npx tsx scripts/bench-assistant-matchers.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMain } from './bench-server';
import { printTable, type Table } from './bench-report';

export interface MatcherFigures {
  approach: string;
  set: string;
  language: string;
  answerable: number;
  missing: number;
  unanswerable: number;
  top1: number;
  top3: number;
  refused: number;
}

export function benchAssistantMatchers(): MatcherFigures[] {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'kreo-matchers-'));
  const reportFile = path.join(directory, 'reports.jsonl');
  try {
    const run = spawnSync(
      'npx',
      ['vitest', 'run', '--project', 'app', 'tests/unit/assistant/assistant-matchers.test.ts'],
      {
        env: { ...process.env, ASSISTANT_MATCHERS: '1', ASSISTANT_MATCHERS_REPORT: reportFile },
        encoding: 'utf8',
      },
    );
    try {
      return readFileSync(reportFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as MatcherFigures);
    } catch {
      throw new Error(
        `The matchers' bench wrote no figures: ${String(run.error ?? '')}\n${run.stdout}\n${run.stderr}`,
      );
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export function matchersTable(figures: MatcherFigures[]): Table {
  const languages = ['fr', 'en', 'ro'];
  const percent = (count: number, of: number) => (of === 0 ? '–' : ((100 * count) / of).toFixed(1));
  const keys = [...new Set(figures.map(({ approach, set }) => `${approach}\u0000${set}`))];
  return {
    title: 'Assistant matchers side by side',
    note:
      'Each cell: top-1 % / top-3 % of the answerable questions (those labelled #missing, that no entry answers ' +
      'yet, count as misses), then the unanswerable questions refused. "index, no support refusal": the search ' +
      'index refusing only below its least score or on the outside-the-guide list, as before issue 36; "nlpjs neural": @nlpjs/nlu trained on every way of asking each entry; "naive Bayes": ' +
      'src/lib/knowledge/intent-classifier.ts alone; "+ Bayes re-rank": the classifier re-orders the index\'s ' +
      'candidates; "support refusal": the index refuses a weak answer that leaves most of the question ' +
      'unexplained; "support + Bayes re-rank" both, what ships (src/lib/knowledge/assistant-matcher.ts). ' +
      'Every set is measured "left out": each approach is built without that set\'s questions among the phrasings.',
    headers: ['Approach', 'Set', ...languages],
    rows: keys.map((key) => {
      const [approach = '', set = ''] = key.split('\u0000');
      return [
        approach,
        set,
        ...languages.map((language) => {
          const figure = figures.find(
            (candidate) =>
              candidate.approach === approach && candidate.set === set && candidate.language === language,
          );
          return figure
            ? `${percent(figure.top1, figure.answerable)} / ${percent(figure.top3, figure.answerable)}, ${figure.refused} of ${figure.unanswerable}`
            : '—';
        }),
      ];
    }),
  };
}

if (isMain(import.meta.url)) printTable(matchersTable(benchAssistantMatchers()));
