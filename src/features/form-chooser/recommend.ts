/**
 * The form chooser's engine: pure functions over schemas/form-chooser.json (its shape is
 * form-chooser.schema.json, held by check:forms) and the founder's answers. No words here: the page
 * names rules, forms and rows by their keys in locales/<lang>/chooser.json.
 */

/** The questions, in the order the file lists them (tests and code name these ids). */
export const QUESTION_IDS = ['country', 'associates', 'pay', 'profit', 'investors'] as const;
export type QuestionId = (typeof QUESTION_IDS)[number];

export type FigureUnit = 'percent' | 'EUR' | 'RON' | 'years' | 'count';
/** A figure ready to show: one value or a range, in its unit (interpolated as {{<name>}}). */
export type Figure = { unit: FigureUnit } & ({ value: number } | { min: number; max: number });

/**
 * A figure as the file writes it, once, by name: a value or a range; the product of other figures
 * (`times`: 12 minimum wages in lei); or a legal form's parameter of schemas/jurisdictions/ (`parameter`),
 * whose number is written only there. figures.ts `resolveFigures` turns them into `Figure`s.
 */
export type ChooserFigure = { unit: FigureUnit; $comment?: string } & (
  | { value: number }
  | { min: number; max: number }
  | { times: string[] }
  | { parameter: { country: string; form: string; name: string } }
);

export interface ChooserQuestion {
  id: QuestionId;
  options: string[];
  /** The figures its options' words show (names of the file's `figures`). */
  figures?: string[];
}

export interface ChooserRule {
  id: string;
  /** Question → the answers for which the rule holds; every listed question must be answered so. */
  when: Partial<Record<QuestionId, string[]>>;
  /** Form or alternative → points. */
  scores: Record<string, number>;
  /** The figures its reason shows (names of the file's `figures`). */
  figures?: string[];
  sources: string[];
}

export interface ChooserCell {
  /** Translation key of the cell's words (chooser:cells.<country>.<row>.<form>). */
  text: string;
  /** The figures its words show (names of the file's `figures`). */
  figures?: string[];
  sources: string[];
}

export type ChooserRow =
  | { id: string; cells: Record<string, ChooserCell>; computed?: undefined }
  | { id: string; computed: 'filingCost' | 'minimumCapital'; cells?: undefined };

export interface ChooserCountry {
  /** The legal forms Kreo creates there, in tie-break order. */
  forms: string[];
  /** What Kreo does not create (PFA, II): compared and suggested only. */
  alternatives: string[];
  rows: ChooserRow[];
}

export interface ChooserSource {
  law: string;
  url?: string;
  /** YYYY-MM-DD. */
  checked: string;
  confirmed: boolean;
  note?: string;
}

/** The shape of schemas/form-chooser.json. */
export interface ChooserFile {
  reviewed: string;
  /** Every figure the words show, once, by name. */
  figures: Record<string, ChooserFigure>;
  questions: ChooserQuestion[];
  rules: ChooserRule[];
  countries: Record<string, ChooserCountry>;
  sources: Record<string, ChooserSource>;
}

/** The founder's answers: question → option; an unanswered question is absent. */
export type Answers = Partial<Record<QuestionId, string>>;

export interface Recommendation {
  country: string;
  /** The form of `forms` with the highest total (ties: the first in `forms`). */
  winner: string;
  /** Every form's and alternative's total. */
  totals: Record<string, number>;
  /** The rules that speak for the winner, highest score first (the file's order on a tie). */
  reasons: ChooserRule[];
  /**
   * Alternatives (PFA, II) whose total is at least the winner's: they might suit better. Their reasons
   * leave out the winner's (a rule such as "you create alone" may speak for both: the winner's card
   * already says it, and under the alternative it would argue for the winner).
   */
  alternatives: { code: string; reasons: ChooserRule[] }[];
}

/** A rule holds when every question it lists is answered with one of its options. */
export function ruleHolds(rule: ChooserRule, answers: Answers): boolean {
  return Object.entries(rule.when).every(([question, options]) => {
    const answer = answers[question as QuestionId];
    return answer !== undefined && (options ?? []).includes(answer);
  });
}

/** The rules with a positive score for `code` among those that hold, highest first. */
function reasonsFor(code: string, holding: readonly ChooserRule[]): ChooserRule[] {
  return holding
    .map((rule, index) => ({ rule, index, score: rule.scores[code] ?? 0 }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.rule);
}

/**
 * The recommendation for `answers`: null until a country the file knows is chosen. Every rule that
 * holds adds its scores; the country's form with the highest total wins.
 */
export function recommend(file: ChooserFile, answers: Answers): Recommendation | null {
  const country = answers.country;
  const place = country === undefined ? undefined : file.countries[country];
  if (!country || !place) return null;
  const codes = [...place.forms, ...place.alternatives];
  const holding = file.rules.filter((rule) => ruleHolds(rule, answers));
  const totals: Record<string, number> = Object.fromEntries(codes.map((code) => [code, 0]));
  for (const rule of holding)
    for (const [code, score] of Object.entries(rule.scores))
      if (code in totals) totals[code] = (totals[code] ?? 0) + score;
  let winner = place.forms[0] ?? '';
  for (const code of place.forms) if ((totals[code] ?? 0) > (totals[winner] ?? 0)) winner = code;
  const best = totals[winner] ?? 0;
  const reasons = reasonsFor(winner, holding);
  return {
    country,
    winner,
    totals,
    reasons,
    alternatives: place.alternatives
      .filter((code) => (totals[code] ?? 0) >= best)
      .map((code) => ({
        code,
        reasons: reasonsFor(code, holding).filter((rule) => !reasons.includes(rule)),
      })),
  };
}

/** Whether every question is answered (the page shows its recommendation then). */
export function allAnswered(file: ChooserFile, answers: Answers): boolean {
  return file.questions.every((question) => answers[question.id] !== undefined);
}

/** Every full set of answers the file's questions allow (check:forms tries each one). */
export function answerCombinations(questions: readonly ChooserQuestion[]): Answers[] {
  return questions.reduce<Answers[]>(
    (combinations, question) =>
      combinations.flatMap((answers) =>
        question.options.map((option) => ({ ...answers, [question.id]: option })),
      ),
    [{}],
  );
}

/**
 * The sources a page shows, numbered in the order they first appear: the reasons', then the table's
 * cells row by row (form by form).
 */
export function numberedSources(
  reasons: readonly ChooserRule[],
  country: ChooserCountry,
  columns: readonly string[],
): string[] {
  const ids: string[] = [];
  const add = (list: readonly string[]) => {
    for (const id of list) if (!ids.includes(id)) ids.push(id);
  };
  for (const rule of reasons) add(rule.sources);
  for (const row of country.rows)
    if (row.cells) for (const code of columns) add(row.cells[code]?.sources ?? []);
  return ids;
}
