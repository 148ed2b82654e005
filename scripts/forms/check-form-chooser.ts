/**
 * `check:forms` for schemas/form-chooser.json, the legal-form chooser: its shape
 * (form-chooser.schema.json), its words in fr, en and ro, forms that are the jurisdiction files' own,
 * scores and cells for the country's forms and alternatives only, sources that exist and say when
 * they were read, and that every full set of answers recommends exactly one form with a reason.
 */
import type { JurisdictionJson } from '../../src/shared/jurisdictions';
import {
  answerCombinations,
  QUESTION_IDS,
  recommend,
  type ChooserFile,
} from '../../src/features/form-chooser/recommend';
import type { ContentChecker } from './content-checker';

export const CHOOSER_FILE = 'schemas/form-chooser.json';
const CHOOSER_SCHEMA = 'schemas/form-chooser.schema.json';

/** The keys of the words the page reads, outside its own `ui` object (check-form-chooser.test.ts). */
export const chooserKeys = {
  questionTitle: (question: string) => `chooser:questions.${question}.title`,
  option: (question: string, option: string) => `chooser:questions.${question}.options.${option}`,
  reason: (rule: string) => `chooser:reasons.${rule}`,
  row: (row: string) => `chooser:rows.${row}`,
  alternative: (code: string, part: 'title' | 'summary') => `chooser:alternatives.${code}.${part}`,
};

export interface ChooserCheck {
  /** How many answer combinations were tried. */
  combinations: number;
}

/**
 * Checks `file` (the parsed schemas/form-chooser.json) against the jurisdictions; the problems go to
 * the checker's list.
 */
export function checkFormChooser(
  checker: ContentChecker,
  file: unknown,
  jurisdictions: readonly JurisdictionJson[],
): ChooserCheck {
  const { problems, checkKey } = checker;
  const where = CHOOSER_FILE;
  if (!checker.checkShape(where, file, CHOOSER_SCHEMA)) return { combinations: 0 };
  const chooser = file as ChooserFile;

  // Questions: the fixed ids, once each, the country first with exactly the jurisdictions.
  const questionIds = chooser.questions.map((question) => question.id);
  const expectedIds = [...QUESTION_IDS];
  if (questionIds.join() !== expectedIds.join())
    problems.push(`${where}: the questions must be ${expectedIds.join(', ')}, in this order`);
  const countryOptions = chooser.questions.find((question) => question.id === 'country')?.options ?? [];
  const countries = Object.keys(chooser.countries);
  const known = new Set(jurisdictions.map((jurisdiction) => jurisdiction.code));
  if ([...countryOptions].sort().join() !== [...countries].sort().join())
    problems.push(`${where}: the country question's options must be the countries (${countries.join(', ')})`);
  for (const question of chooser.questions) {
    checkKey(`${where} question ${question.id}`, 'title', chooserKeys.questionTitle(question.id));
    for (const option of question.options)
      checkKey(
        `${where} question ${question.id}`,
        `option ${option}`,
        chooserKeys.option(question.id, option),
      );
  }
  const optionsOf = new Map(chooser.questions.map((question) => [question.id, question.options]));

  // Countries: the jurisdiction's forms, alternatives named, every cell there, nothing else.
  const sourceIds = new Set(Object.keys(chooser.sources));
  const checkSources = (place: string, ids: readonly string[]) => {
    for (const id of ids) if (!sourceIds.has(id)) problems.push(`${place}: no source "${id}" in "sources"`);
  };
  for (const [code, country] of Object.entries(chooser.countries)) {
    const place = `${where} country ${code}`;
    const jurisdiction = jurisdictions.find((candidate) => candidate.code === code);
    if (!jurisdiction) {
      problems.push(`${place}: no schemas/jurisdictions/${code.toLowerCase()}.json`);
      continue;
    }
    const legal = jurisdiction.legalForms.map((form) => form.code);
    if ([...country.forms].sort().join() !== [...legal].sort().join())
      problems.push(`${place}: forms must be the legal forms of the jurisdiction file (${legal.join(', ')})`);
    for (const alternative of country.alternatives) {
      if (legal.includes(alternative))
        problems.push(`${place}: ${alternative} is a legal form Kreo creates, not an alternative`);
      for (const part of ['title', 'summary'] as const)
        checkKey(place, `alternative ${alternative}`, chooserKeys.alternative(alternative, part));
    }
    const columns = [...country.forms, ...country.alternatives];
    const rowIds = new Set<string>();
    for (const row of country.rows) {
      const rowPlace = `${place} row ${row.id}`;
      if (rowIds.has(row.id)) problems.push(`${rowPlace}: listed twice`);
      rowIds.add(row.id);
      checkKey(rowPlace, 'title', chooserKeys.row(row.id));
      if (!row.cells) continue;
      for (const column of columns)
        if (!row.cells[column]) problems.push(`${rowPlace}: no cell for ${column}`);
      for (const [column, cell] of Object.entries(row.cells)) {
        if (!columns.includes(column))
          problems.push(`${rowPlace}: a cell for ${column}, which is not a form or alternative of ${code}`);
        checkKey(`${rowPlace} cell ${column}`, 'text', cell.text);
        checkSources(`${rowPlace} cell ${column}`, cell.sources);
      }
    }
  }

  // Rules: a known country, known questions and options, scores of that country's forms, sources.
  const ruleIds = new Set<string>();
  for (const rule of chooser.rules) {
    const place = `${where} rule ${rule.id}`;
    if (ruleIds.has(rule.id)) problems.push(`${place}: the id is used twice`);
    ruleIds.add(rule.id);
    checkKey(place, 'reason', chooserKeys.reason(rule.id));
    checkSources(place, rule.sources);
    for (const [question, options] of Object.entries(rule.when)) {
      const allowed = optionsOf.get(question as ChooserFile['questions'][number]['id']);
      if (!allowed) {
        problems.push(`${place}: when names "${question}", which is not a question`);
        continue;
      }
      for (const option of options ?? [])
        if (!allowed.includes(option)) problems.push(`${place}: "${option}" is not an option of ${question}`);
    }
    for (const country of rule.when.country ?? []) {
      const place2 = chooser.countries[country];
      if (!place2) continue;
      const columns = [...place2.forms, ...place2.alternatives];
      for (const code of Object.keys(rule.scores))
        if (!columns.includes(code))
          problems.push(`${place}: scores ${code}, which is not a form or alternative of ${country}`);
    }
  }

  // Sources: each used, each dated (the schema asks for `checked`; a note when unconfirmed).
  const used = new Set([
    ...chooser.rules.flatMap((rule) => rule.sources),
    ...Object.values(chooser.countries).flatMap((country) =>
      country.rows.flatMap((row) => Object.values(row.cells ?? {}).flatMap((cell) => cell.sources)),
    ),
  ]);
  for (const id of sourceIds) if (!used.has(id)) problems.push(`${where}: source "${id}" is never cited`);
  for (const code of countries)
    if (!known.has(code)) problems.push(`${where}: country ${code} has no jurisdiction file`);

  // Every full set of answers: exactly one winner (a form of the country), with a reason.
  const combinations = answerCombinations(chooser.questions);
  for (const answers of combinations) {
    const result = recommend(chooser, answers);
    const said = Object.entries(answers)
      .map(([question, option]) => `${question}=${option}`)
      .join(', ');
    if (!result) {
      problems.push(`${where}: no recommendation for ${said}`);
      continue;
    }
    const best = result.totals[result.winner] ?? 0;
    const country = chooser.countries[result.country];
    const tied = (country?.forms ?? []).filter((code) => (result.totals[code] ?? 0) === best);
    if (tied.length > 1)
      problems.push(
        `${where}: ${tied.join(' and ')} tie at ${best} for ${said} (give one of them a reason more)`,
      );
    if (result.reasons.length === 0)
      problems.push(
        `${where}: ${result.winner} is recommended for ${said} with no reason (no rule scores it)`,
      );
  }
  return { combinations: combinations.length };
}
