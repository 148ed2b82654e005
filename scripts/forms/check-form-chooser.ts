/**
 * `check:forms` for schemas/form-chooser.json, the legal-form chooser: its shape
 * (form-chooser.schema.json), its words in fr, en and ro, forms that are the jurisdiction files' own,
 * scores and cells for the country's forms and alternatives only, sources that exist and say when
 * they were read, figures written once (each one used, each one worked out: a product of figures or a
 * legal form's parameter), words whose {{placeholders}} are exactly the figures of their question, cell
 * or rule (no number written by hand, no unit written twice), alternatives shown only with reasons
 * written for them, and that every full set of answers recommends exactly one form with a reason.
 */
import { legalFormsOf, parameterReaderOf, type JurisdictionJson } from '../../src/shared/jurisdictions';
import { LANGUAGES } from '../../src/lib/i18n/languages';
import { resolveFigures } from '../../src/features/form-chooser/figures';
import {
  answerCombinations,
  QUESTION_IDS,
  recommend,
  type ChooserFile,
  type FigureUnit,
} from '../../src/features/form-chooser/recommend';
import { isRecord, type ContentChecker } from './content-checker';

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

/** The words of a key ("chooser:reasons.x") in a language, or undefined when there are none. */
export type ChooserWords = (language: string, key: string) => string | undefined;

/** Reads the words from locales/<language>/<namespace>.json through `readJson` (a path from the root). */
export function localeWords(readJson: (path: string) => unknown): ChooserWords {
  const files = new Map<string, unknown>();
  return (language, fullKey) => {
    const [namespace, key = ''] = fullKey.split(':', 2);
    const path = `locales/${language}/${namespace}.json`;
    if (!files.has(path)) {
      try {
        files.set(path, readJson(path));
      } catch {
        files.set(path, undefined);
      }
    }
    let node = files.get(path);
    for (const part of key.split('.')) node = isRecord(node) ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
}

/** The words a unit's figure already prints ("5 years", "15 %", "500 lei"), in fr, en and ro. */
const UNIT_WORDS: Record<FigureUnit, readonly string[]> = {
  percent: ['%', 'percent', 'per cent', 'pour cent', 'pourcents?', 'la sută', 'procente?'],
  EUR: ['€', 'EUR', 'euros?', 'de euro'],
  RON: ['lei', 'RON', 'de lei'],
  years: ['years?', 'ans', 'an', 'années?', 'de ani', 'ani', 'anul', 'anii'],
  count: [],
};
const unitAfter = Object.fromEntries(
  Object.entries(UNIT_WORDS).map(([unit, words]) => [
    unit,
    words.length === 0 ? null : new RegExp(`^\\s*(${words.join('|')})(?![\\p{L}\\p{N}])`, 'iu'),
  ]),
) as Record<FigureUnit, RegExp | null>;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;
/**
 * A number written by hand ("15 %", "€42,500", "48 600 lei", "12 minimum wages"): every number the
 * words show is a figure, except an article's number ("art. 239 bis AB", "art. L. 227-1").
 */
const WRITTEN_FIGURE = /(?:€\s?)?\d[\d\s\u00a0\u202f.,]*(?:\s?(?:%|€|EUR\b|RON\b|lei\b|[\p{L}]+))?/u;
const ARTICLE = /\bart\.\s*(?:[A-Z]\.\s*)?\d+(?:[-‑]\d+)*(?:\s+(?:bis|ter|quater)(?:\s+[A-Z]+\b)?)?/gu;

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
  words: ChooserWords = localeWords(checker.readJson),
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
  // Figures: each worked out (a product of one-value figures, a legal form's number), each shown.
  const resolved = resolveFigures(chooser.figures, parameterReaderOf(legalFormsOf(jurisdictions)));
  for (const problem of resolved.problems) problems.push(`${where}: ${problem}`);
  const shown = new Set(
    Object.values(chooser.figures).flatMap((figure) => ('times' in figure ? figure.times : [])),
  );
  /**
   * The words of `keys` (a rule's or cell's one key, or a question's options) in every language: each
   * {{name}} is one of `names` (the figures it lists, each a figure of the file), each of `names` is
   * used (in every key when `each`, else in one of them at least), no unit written again after its
   * figure, no number written by hand instead of a figure.
   */
  const checkFigures = (
    place: string,
    keys: readonly string[],
    names: readonly string[] = [],
    each = true,
  ) => {
    for (const name of names) {
      shown.add(name);
      if (!chooser.figures[name]) problems.push(`${place}: "${name}" is not one of the file's figures`);
    }
    for (const language of LANGUAGES) {
      const usedSomewhere = new Set<string>();
      for (const key of keys) {
        const text = words(language, key);
        if (text === undefined) continue; // checkKey says it is missing
        const used = new Set<string>();
        for (const match of text.matchAll(PLACEHOLDER)) {
          const name = match[1] ?? '';
          used.add(name);
          usedSomewhere.add(name);
          const figure = names.includes(name) ? resolved.figures[name] : undefined;
          if (!names.includes(name)) {
            problems.push(
              `${place}: locales/${language} writes {{${name}}}, which is not one of its figures`,
            );
            continue;
          }
          const after = text.slice((match.index ?? 0) + match[0].length);
          const repeated = figure ? unitAfter[figure.unit]?.exec(after) : null;
          if (repeated && figure)
            problems.push(
              `${place}: locales/${language} writes "${repeated[1]}" after {{${name}}}, whose figure already prints its unit (${figure.unit})`,
            );
        }
        if (each)
          for (const name of names)
            if (!used.has(name))
              problems.push(`${place}: figure "${name}" is not used in locales/${language}`);
        const written = WRITTEN_FIGURE.exec(text.replace(PLACEHOLDER, '').replace(ARTICLE, ''));
        if (written)
          problems.push(
            `${place}: locales/${language} writes "${written[0].trim()}" by hand: make it a figure of the content`,
          );
      }
      if (!each)
        for (const name of names)
          if (!usedSomewhere.has(name))
            problems.push(`${place}: figure "${name}" is not used in locales/${language}`);
    }
  };
  for (const question of chooser.questions) {
    // Every option's words, and each country's own wording of it (options.<option>_<country>).
    const keys = question.options.flatMap((option) => [
      chooserKeys.option(question.id, option),
      ...countries.map((country) => `${chooserKeys.option(question.id, option)}_${country}`),
    ]);
    checkFigures(`${where} question ${question.id}`, keys, question.figures, false);
    // Its title and help show no figure: no number written by hand there either.
    checkFigures(`${where} question ${question.id}`, [
      chooserKeys.questionTitle(question.id),
      `chooser:questions.${question.id}.help`,
    ]);
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
      for (const part of ['title', 'summary'] as const) {
        checkKey(place, `alternative ${alternative}`, chooserKeys.alternative(alternative, part));
        checkFigures(`${place} alternative ${alternative}`, [chooserKeys.alternative(alternative, part)]);
      }
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
        checkFigures(`${rowPlace} cell ${column}`, [cell.text], cell.figures);
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
    checkFigures(place, [chooserKeys.reason(rule.id)], rule.figures);
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
    // A rule naming no country holds in every country: its scores must fit each of them.
    for (const country of rule.when.country ?? countries) {
      const place2 = chooser.countries[country];
      if (!place2) continue;
      const columns = [...place2.forms, ...place2.alternatives];
      for (const code of Object.keys(rule.scores))
        if (!columns.includes(code))
          problems.push(`${place}: scores ${code}, which is not a form or alternative of ${country}`);
      // A rule giving an alternative points is shown as its reason: its words must speak for it.
      for (const alternative of place2.alternatives) {
        const points = rule.scores[alternative] ?? 0;
        if (points <= 0) continue;
        for (const form of place2.forms)
          if ((rule.scores[form] ?? 0) > points)
            problems.push(
              `${place}: would be shown as a reason for ${alternative} but scores ${form} higher (${rule.scores[form]} > ${points}); give ${alternative} a rule of its own`,
            );
      }
    }
  }

  for (const name of Object.keys(chooser.figures))
    if (!shown.has(name)) problems.push(`${where}: figure "${name}" is shown by no question, rule or cell`);

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
