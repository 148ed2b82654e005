import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/chooser.json';
import fr from '../../../locales/fr/chooser.json';
import ro from '../../../locales/ro/chooser.json';
import { CHOOSER } from './chooser-content';
import { parameterValue } from './chooser-data';
import { formatFigure, formatFigures, resolveFigures } from './figures';
import {
  allAnswered,
  answerCombinations,
  numberedSources,
  recommend,
  type Answers,
  type ChooserFile,
  type Figure,
} from './recommend';

const ANY = { profit: 'medium', investors: 'no' } as const;

describe('the recommendation of schemas/form-chooser.json', () => {
  it.each([
    // The behaviours the design fixes, whatever the rest of the answers.
    [{ country: 'FR', associates: 'alone', pay: 'employee' }, 'SASU'],
    [{ country: 'FR', associates: 'alone', pay: 'lowerContributions' }, 'EURL'],
    [{ country: 'RO', associates: 'alone', pay: 'employee' }, 'SRL_SOLE'],
    [{ country: 'FR', associates: 'several', pay: 'employee', investors: 'yes' }, 'SAS'],
  ] as const)('%o → %s', (answers, winner) => {
    for (const profit of ['low', 'medium', 'high'])
      for (const investors of ['yes', 'no'])
        expect(recommend(CHOOSER, { investors, ...answers, profit })?.winner).toBe(winner);
  });

  it('recommends a SARL to several founders who prefer lower contributions and want no investors', () => {
    const answers: Answers = { country: 'FR', associates: 'several', pay: 'lowerContributions', ...ANY };
    expect(recommend(CHOOSER, answers)?.winner).toBe('SARL');
  });

  it('recommends an SRL to several Romanian founders, whatever else they answer', () => {
    for (const answers of answerCombinations(CHOOSER.questions))
      if (answers.country === 'RO' && answers.associates === 'several')
        expect(recommend(CHOOSER, answers)?.winner, JSON.stringify(answers)).toBe('SRL');
  });

  it('suggests the PFA and the II to a Romanian founder alone with a low profit and no investors, each with its own reason', () => {
    for (const pay of ['employee', 'lowerContributions', 'noPay']) {
      const result = recommend(CHOOSER, {
        country: 'RO',
        associates: 'alone',
        pay,
        profit: 'low',
        investors: 'no',
      });
      expect(result?.winner).toBe('SRL_SOLE');
      expect(result?.alternatives.map((entry) => [entry.code, entry.reasons.map((rule) => rule.id)])).toEqual(
        [
          ['PFA', ['roPfaSmall']],
          ['II', ['roIiSmall']],
        ],
      );
    }
    for (const answers of answerCombinations(CHOOSER.questions))
      if (answers.country === 'RO' && (answers.profit !== 'low' || answers.investors !== 'no'))
        expect(recommend(CHOOSER, answers)?.alternatives, JSON.stringify(answers)).toEqual([]);
  });

  it('gives a reason for every recommendation it makes', () => {
    for (const answers of answerCombinations(CHOOSER.questions)) {
      const result = recommend(CHOOSER, answers);
      expect(result?.reasons.length, JSON.stringify(answers)).toBeGreaterThan(0);
    }
  });

  it('says nothing before a country is chosen', () => {
    expect(recommend(CHOOSER, { associates: 'alone', pay: 'employee' })).toBeNull();
    expect(recommend(CHOOSER, { country: 'DE' })).toBeNull();
  });
});

/** A small file whose every total is known. */
const FILE: ChooserFile = {
  reviewed: '2026-11-27',
  figures: {},
  questions: [
    { id: 'country', options: ['FR'] },
    { id: 'associates', options: ['alone', 'several'] },
  ],
  rules: [
    {
      id: 'small',
      when: { country: ['FR'], associates: ['alone'] },
      scores: { B: 1, C: 1 },
      sources: ['s1'],
    },
    { id: 'big', when: { country: ['FR'], associates: ['alone'] }, scores: { B: 2, A: -1 }, sources: ['s2'] },
    { id: 'unanswered', when: { country: ['FR'], pay: ['employee'] }, scores: { A: 9 }, sources: ['s3'] },
    { id: 'alt', when: { country: ['FR'], associates: ['alone'] }, scores: { ALT: 3 }, sources: ['s4'] },
  ],
  countries: {
    FR: {
      forms: ['A', 'B', 'C'],
      alternatives: ['ALT'],
      rows: [
        { id: 'row', cells: { A: { text: 'chooser:x', sources: ['s3', 's1'] } } },
        { id: 'cost', computed: 'filingCost' },
      ],
    },
  },
  sources: {},
};

describe('recommend', () => {
  it('adds up the rules that hold, never one naming an unanswered question', () => {
    const result = recommend(FILE, { country: 'FR', associates: 'alone' });
    expect(result?.totals).toEqual({ A: -1, B: 3, C: 1, ALT: 3 });
    expect(result?.winner).toBe('B');
  });

  it('gives the winner its positive rules, highest score first', () => {
    const result = recommend(FILE, { country: 'FR', associates: 'alone' });
    expect(result?.reasons.map((rule) => rule.id)).toEqual(['big', 'small']);
  });

  it('breaks a tie by the order of the forms, and names an alternative scoring at least as much', () => {
    const result = recommend(FILE, { country: 'FR', associates: 'several' });
    expect(result?.winner).toBe('A');
    expect(result?.reasons).toEqual([]);
    expect(result?.alternatives.map((entry) => entry.code)).toEqual(['ALT']);
    const alone = recommend(FILE, { country: 'FR', associates: 'alone' });
    expect(alone?.alternatives).toEqual([{ code: 'ALT', reasons: [FILE.rules[3]] }]);
  });

  it('gives an alternative only the reasons the winner does not already have', () => {
    const alt = FILE.rules[3];
    if (!alt) throw new Error('no rule');
    const file: ChooserFile = {
      ...FILE,
      rules: [...FILE.rules, { ...alt, id: 'both', scores: { B: 1, ALT: 1 } }],
    };
    const result = recommend(file, { country: 'FR', associates: 'alone' });
    expect(result?.winner).toBe('B');
    expect(result?.reasons.map((rule) => rule.id)).toContain('both');
    expect(result?.alternatives).toEqual([{ code: 'ALT', reasons: [alt] }]);
  });

  it('lists every full set of answers', () => {
    expect(answerCombinations(FILE.questions)).toEqual([
      { country: 'FR', associates: 'alone' },
      { country: 'FR', associates: 'several' },
    ]);
    expect(allAnswered(FILE, { country: 'FR' })).toBe(false);
    expect(allAnswered(FILE, { country: 'FR', associates: 'alone' })).toBe(true);
  });

  it('numbers the sources in the order they appear: reasons, then the table', () => {
    const country = FILE.countries.FR;
    if (!country) throw new Error('no FR');
    const [small, big] = FILE.rules;
    if (!small || !big) throw new Error('no rules');
    expect(numberedSources([big, small], country, ['A', 'B'])).toEqual(['s2', 's1', 's3']);
  });
});

describe('formatFigure', () => {
  it('writes figures as each language does', () => {
    expect(formatFigure({ min: 75, max: 82, unit: 'percent' }, 'fr')).toMatch(/^75\s?–\s?82\s%$/);
    expect(formatFigure({ value: 500, unit: 'RON' }, 'ro')).toBe('500\u00a0de\u00a0lei');
    expect(formatFigure({ value: 119, unit: 'RON' }, 'ro')).toBe('119\u00a0lei');
    expect(formatFigure({ value: 500, unit: 'RON' }, 'en')).toBe('500\u00a0lei');
    expect(formatFigure({ value: 1000, unit: 'EUR' }, 'en')).toBe('€1,000');
    expect(formatFigure({ value: 10, unit: 'years' }, 'fr')).toBe('10 ans');
  });
});

describe('resolveFigures', () => {
  const parameters = (country: string, form: string, name: string) =>
    country === 'RO' && form === 'SRL' && name === 'maximumAssociates' ? 50 : undefined;

  it('works out a product of figures and a legal form’s parameter', () => {
    const { figures, problems } = resolveFigures(
      {
        wage: { value: 4050, unit: 'RON' },
        wages: { value: 12, unit: 'count' },
        threshold: { times: ['wages', 'wage'], unit: 'RON' },
        rate: { min: 75, max: 82, unit: 'percent' },
        associates: { parameter: { country: 'RO', form: 'SRL', name: 'maximumAssociates' }, unit: 'count' },
      },
      parameters,
    );
    expect(problems).toEqual([]);
    expect(figures.threshold).toEqual({ value: 48600, unit: 'RON' });
    expect(figures.associates).toEqual({ value: 50, unit: 'count' });
    expect(figures.rate).toEqual({ min: 75, max: 82, unit: 'percent' });
  });

  it('names the figures it cannot work out', () => {
    const { figures, problems } = resolveFigures(
      {
        rate: { min: 75, max: 82, unit: 'percent' },
        twice: { times: ['rate', 'missing'], unit: 'percent' },
        loop: { times: ['loop', 'rate'], unit: 'count' },
        capital: { parameter: { country: 'FR', form: 'SAS', name: 'minimumShareCapital' }, unit: 'EUR' },
      },
      parameters,
    );
    expect(Object.keys(figures)).toEqual(['rate']);
    expect(problems).toEqual(
      expect.arrayContaining([
        'figure "twice": "rate" is not a figure of one value',
        'figure "twice": "missing" is not a figure of one value',
        'figure "capital": FR SAS has no number "minimumShareCapital"',
      ]),
    );
  });

  it('blames only the factor that fails, and a failed figure once', () => {
    const { problems } = resolveFigures(
      {
        wages: { value: 12, unit: 'count' },
        first: { times: ['missing', 'wages'], unit: 'RON' },
        second: { times: ['first', 'wages'], unit: 'RON' },
        third: { times: ['first'], unit: 'RON' },
      },
      parameters,
    );
    expect(problems).toEqual([
      'figure "first": "missing" is not a figure of one value',
      'figure "second": "first" is not a figure of one value',
      'figure "third": "first" is not a figure of one value',
    ]);
  });

  it('reads the numbers of associates from the jurisdiction files', () => {
    const { figures, problems } = resolveFigures(CHOOSER.figures, parameterValue);
    expect(problems).toEqual([]);
    expect(figures.srlMaxAssociates).toEqual({ value: 50, unit: 'count' });
    expect(figures.sarlMaxAssociates).toEqual({ value: 100, unit: 'count' });
    expect(figures.casThresholdAmount).toEqual({ value: 48600, unit: 'RON' });
  });
});

const FIGURES = resolveFigures(CHOOSER.figures, parameterValue).figures;
/** The figures `names` in `language`, as the page gives them to its words. */
const figuresIn = (names: readonly string[] | undefined, language: string) =>
  formatFigures(names, FIGURES, language);

/** The words of `key` (chooser:…) with its figures, as the page shows them. */
function shown(words: unknown, key: string, figures: Record<string, string>): string {
  let node = words;
  for (const part of key.replace(/^chooser:/, '').split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no words for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => figures[name] ?? `{{${name}}}`);
}

describe('the chooser’s words with their figures', () => {
  const languages = { fr, en, ro } as const;
  const texts = (language: keyof typeof languages) => [
    ...CHOOSER.rules.map((rule) =>
      shown(languages[language], `chooser:reasons.${rule.id}`, figuresIn(rule.figures, language)),
    ),
    ...Object.values(CHOOSER.countries).flatMap((country) =>
      country.rows.flatMap((row) =>
        Object.values(row.cells ?? {}).map((cell) =>
          shown(languages[language], cell.text, figuresIn(cell.figures, language)),
        ),
      ),
    ),
    ...CHOOSER.questions.flatMap((question) =>
      question.options.flatMap((option) =>
        ['', '_FR', '_RO'].flatMap((variant) => {
          const key = `chooser:questions.${question.id}.options.${option}${variant}`;
          try {
            return [shown(languages[language], key, figuresIn(question.figures, language))];
          } catch {
            return []; // no wording of its own for that country
          }
        }),
      ),
    ),
  ];

  /** A profit answer as the page shows it, with the file's figures (or `figures`). */
  const profitOption = (
    words: unknown,
    language: string,
    option: string,
    figures: Record<string, Figure> = FIGURES,
  ) => {
    const question = CHOOSER.questions.find((candidate) => candidate.id === 'profit');
    return shown(
      words,
      `chooser:questions.profit.options.${option}`,
      formatFigures(question?.figures, figures, language),
    );
  };

  it('gives the profit answers’ bounds from the figures: 12 minimum wages in lei, the 15 % rate’s ceiling', () => {
    expect(profitOption(en, 'en', 'low_RO')).toBe('Under 48,600\u00a0lei (12 minimum wages)');
    expect(profitOption(fr, 'fr', 'low_RO')).toBe('Moins de 48\u202f600\u00a0lei (12 salaires minimums)');
    expect(profitOption(ro, 'ro', 'low_RO')).toBe('Sub 48.600\u00a0de\u00a0lei (12 salarii minime)');
    expect(profitOption(en, 'en', 'medium_FR')).toBe('About €20,000 to €42,500');
    expect(profitOption(fr, 'fr', 'high_FR')).toBe('Plus de 42\u202f500\u00a0€');
    expect(profitOption(ro, 'ro', 'high_RO')).toBe('Peste aproximativ 150.000\u00a0de\u00a0lei');
  });

  it('moves the Romanian profit bound with the minimum wage, written once', () => {
    const content = structuredClone(CHOOSER);
    content.figures.minimumWage = { value: 4325, unit: 'RON' };
    const figures = resolveFigures(content.figures, parameterValue).figures;
    expect(profitOption(en, 'en', 'low_RO', figures)).toBe('Under 51,900\u00a0lei (12 minimum wages)');
    const pfa = content.countries.RO?.rows.find((row) => row.id === 'managerSocialRegime')?.cells?.PFA;
    if (!pfa) throw new Error('no RO managerSocialRegime PFA cell');
    expect(shown(en, pfa.text, formatFigures(pfa.figures, figures, 'en'))).toContain(
      '4,325\u00a0lei a month, counts)',
    );
  });

  it('writes the numbers of associates as the jurisdiction files set them', () => {
    const cell = CHOOSER.countries.RO?.rows.find((row) => row.id === 'associates')?.cells?.SRL;
    if (!cell) throw new Error('no RO associates SRL cell');
    expect(shown(en, cell.text, figuresIn(cell.figures, 'en'))).toMatch(/^2 to 50 shareholders/);
    expect(
      shown(ro, 'chooser:reasons.roSeveral', figuresIn(['srlMinAssociates', 'srlMaxAssociates'], 'ro')),
    ).toContain('între 2 și 50 de asociați');
  });

  it('writes the French option for income tax as "5 years", never "5 years years"', () => {
    const cell = CHOOSER.countries.FR?.rows.find((row) => row.id === 'taxRegime')?.cells?.SAS;
    if (!cell) throw new Error('no FR taxRegime SAS cell');
    expect(shown(en, cell.text, figuresIn(cell.figures, 'en'))).toMatch(/for 5 years at most\./);
    expect(shown(fr, cell.text, figuresIn(cell.figures, 'fr'))).toMatch(/pendant 5 ans au plus/);
    expect(shown(ro, cell.text, figuresIn(cell.figures, 'ro'))).toMatch(/cel mult 5 ani\./);
  });

  it.each(['fr', 'en', 'ro'] as const)('leaves no placeholder and no doubled unit in %s', (language) => {
    for (const text of texts(language)) {
      expect(text).not.toMatch(/\{\{/);
      expect(text).not.toMatch(/\b(years years|ans ans|ani ani|% %|€ €|lei lei)\b/u);
    }
  });

  it('states the conditions of the 15 % corporate-tax rate where it gives the rate', () => {
    const rule = CHOOSER.rules.find((candidate) => candidate.id === 'frIsReducedRate');
    const reason = shown(en, 'chooser:reasons.frIsReducedRate', figuresIn(rule?.figures, 'en'));
    expect(reason).toContain('15% up to €42,500');
    expect(reason).toMatch(
      /turnover is under €10,000,000, the capital fully paid up and at least 75% held by individuals/,
    );
  });
});
