/** `check:forms` on schemas/form-chooser.json, the legal-form chooser's content. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHOOSER_FILE,
  checkFormChooser,
  localeWords,
  type ChooserWords,
} from '../../scripts/forms/check-form-chooser';
import { createContentChecker } from '../../scripts/forms/content-checker';
import type { ChooserFile } from '../../src/features/form-chooser/recommend';
import { readWizardSource } from '../../src/shared/wizard-source.node';

const root = process.cwd();
const jurisdictions = readWizardSource(root).jurisdictions;
const original = JSON.parse(readFileSync(CHOOSER_FILE, 'utf8')) as ChooserFile;

/**
 * The problems check:forms finds in the file once `change` has edited a copy of it, with the locales'
 * words except those `rewritten` ("<language>:<key>" → words).
 */
function problems(
  change: (file: ChooserFile) => void = () => {},
  rewritten: Record<string, string> = {},
): string[] {
  const file = structuredClone(original);
  change(file);
  const checker = createContentChecker(root);
  const locales = localeWords(checker.readJson);
  const words: ChooserWords = (language, key) => rewritten[`${language}:${key}`] ?? locales(language, key);
  checkFormChooser(checker, file, jurisdictions, words);
  return checker.problems;
}

const country = (file: ChooserFile, code: string) => {
  const found = file.countries[code];
  if (!found) throw new Error(`no country ${code}`);
  return found;
};

const rule = (file: ChooserFile, id: string) => {
  const found = file.rules.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};

describe('checkFormChooser', () => {
  it('finds nothing wrong in the content as it is', () => {
    expect(problems()).toEqual([]);
  });

  it('refuses a file of the wrong shape: a source without the date it was read', () => {
    const found = problems((file) => {
      delete (file.sources['cssL311-3'] as Partial<ChooserFile['sources'][string]>).checked;
    });
    expect(found).toContainEqual(expect.stringMatching(/checked/));
  });

  it('refuses a rule whose reason has no words', () => {
    expect(problems((file) => (rule(file, 'sasuEmployee').id = 'sasuNowhere'))).toContainEqual(
      expect.stringMatching(
        /rule sasuNowhere: reason names "chooser:reasons.sasuNowhere", missing in locales\/fr, en, ro/,
      ),
    );
  });

  it('refuses forms that are not the jurisdiction file’s, and scores of another country’s form', () => {
    const found = problems((file) => {
      country(file, 'FR').forms = ['SAS', 'SASU', 'SARL'];
      rule(file, 'roSeveral').scores.SAS = 1;
    });
    expect(found).toContainEqual(expect.stringMatching(/country FR: forms must be the legal forms/));
    expect(found).toContainEqual(
      expect.stringMatching(/rule roSeveral: scores SAS, which is not a form or alternative of RO/),
    );
  });

  it('refuses an unknown source and a missing cell', () => {
    const found = problems((file) => {
      rule(file, 'roPfaSmall').sources = ['nowhere'];
      const row = country(file, 'RO').rows[0];
      if (row?.cells) delete row.cells.PFA;
    });
    expect(found).toContainEqual(expect.stringMatching(/rule roPfaSmall: no source "nowhere"/));
    expect(found).toContainEqual(expect.stringMatching(/row liability: no cell for PFA/));
  });

  it('refuses answers that recommend two forms at once, or a form with no reason', () => {
    const tie = problems((file) => (rule(file, 'sasInvestors').scores = { SAS: 4, SARL: -2 }));
    expect(tie).toContainEqual(
      expect.stringMatching(
        /SAS and SARL tie at 4 for country=FR, associates=several, pay=lowerContributions, profit=low, investors=yes/,
      ),
    );
    // Only a rule that lowers the other forms: the SAS comes first with nothing in its favour.
    const noReason = problems(
      (file) =>
        (file.rules = [{ ...rule(file, 'frHighProfitIs'), scores: { SASU: -1, SARL: -1, EURL: -1 } }]),
    );
    expect(noReason).toContainEqual(
      expect.stringMatching(
        /SAS is recommended for country=FR, associates=alone, pay=noPay, profit=high, .*with no reason/,
      ),
    );
  });

  it('refuses a unit written again right after its figure ("5 years years")', () => {
    const key = 'chooser:cells.FR.taxRegime.SAS';
    const found = problems(() => {}, {
      [`en:${key}`]:
        'Corporate tax: {{isReducedRate}} up to {{isReducedLimit}} ({{isReducedTurnover}}, {{isReducedHolding}}), then {{isRate}}; under {{irOptionAge}} old, income tax for {{irOptionYears}} years at most.',
      [`fr:${key}`]:
        'IS : {{isReducedRate}} jusqu’à {{isReducedLimit}} ({{isReducedTurnover}}, {{isReducedHolding}}), puis {{isRate}} ; moins de {{irOptionAge}}, IR pendant {{irOptionYears}} ans au plus.',
      [`ro:${key}`]:
        'IS: {{isReducedRate}} până la {{isReducedLimit}} ({{isReducedTurnover}}, {{isReducedHolding}}), apoi {{isRate}}; sub {{irOptionAge}}, IR cel mult {{irOptionYears}} ani.',
    });
    for (const [language, word] of [
      ['en', 'years'],
      ['fr', 'ans'],
      ['ro', 'ani'],
    ])
      expect(found).toContainEqual(
        `${CHOOSER_FILE} country FR row taxRegime cell SAS: locales/${language} writes "${word}" after {{irOptionYears}}, whose figure already prints its unit (years)`,
      );
    expect(found).toHaveLength(3);
  });

  it('refuses words whose placeholders are not the figures of their rule, and figures written by hand', () => {
    const found = problems(
      (file) => {
        delete rule(file, 'roDividends').figures;
        file.figures.unused = { value: 3, unit: 'count' };
        rule(file, 'roSeveral').figures = [...(rule(file, 'roSeveral').figures ?? []), 'unused'];
      },
      { 'en:chooser:reasons.frIsReducedRate': 'Profit is taxed at 15 % up to €42,500.' },
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /rule roDividends: locales\/fr writes \{\{dividendTax\}\}, which is not one of its figures/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/rule roSeveral: figure "unused" is not used in locales\/ro/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/rule frIsReducedRate: figure "isReducedRate" is not used in locales\/en/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/rule frIsReducedRate: locales\/en writes "15 %" by hand: make it a figure/),
    );
  });

  it('refuses an answer whose words write a figure by hand, or one its question does not list', () => {
    const found = problems(() => {}, {
      'en:chooser:questions.profit.options.low_RO': 'Under 48,600 lei (12 minimum wages)',
      'fr:chooser:questions.profit.options.low_RO':
        'Moins de {{casThresholdAmount}} ({{casThreshold}} salaires minimums, {{minimumWage}})',
      'ro:chooser:questions.associates.options.several': 'Cu 2 sau mai mulți asociați',
    });
    expect(found).toContainEqual(
      `${CHOOSER_FILE} question profit: locales/en writes "48,600 lei" by hand: make it a figure of the content`,
    );
    expect(found).toContainEqual(
      `${CHOOSER_FILE} question profit: locales/fr writes {{minimumWage}}, which is not one of its figures`,
    );
    expect(found).toContainEqual(
      `${CHOOSER_FILE} question associates: locales/ro writes "2 sau" by hand: make it a figure of the content`,
    );
    // "12 minimum wages" written by hand: its figure is used by no English answer any more.
    expect(found).toContainEqual(
      `${CHOOSER_FILE} question profit: figure "casThreshold" is not used in locales/en`,
    );
    expect(found).toHaveLength(4);
  });

  it('refuses a figure shown nowhere, one that names no figure, and one it cannot work out', () => {
    const found = problems((file) => {
      file.figures.forgotten = { value: 7, unit: 'percent' };
      file.figures.casThresholdAmount = { times: ['casThreshold', 'noSuchWage'], unit: 'RON' };
      file.figures.srlMaxAssociates = {
        parameter: { country: 'RO', form: 'SRL', name: 'maximumPartners' },
        unit: 'count',
      };
      rule(file, 'roDividends').figures = ['dividendTax', 'dividendRate'];
    });
    expect(found).toEqual(
      expect.arrayContaining([
        `${CHOOSER_FILE}: figure "forgotten" is shown by no question, rule or cell`,
        `${CHOOSER_FILE}: figure "casThresholdAmount": "noSuchWage" is not a figure of one value`,
        `${CHOOSER_FILE}: figure "srlMaxAssociates": RO SRL has no number "maximumPartners"`,
        `${CHOOSER_FILE} rule roDividends: "dividendRate" is not one of the file's figures`,
      ]),
    );
  });

  it('lets an article’s number be written in the words', () => {
    const found = problems(() => {}, {
      'en:chooser:reasons.roDividends':
        'Dividends bear {{dividendTax}} tax (art. 97 Codul fiscal, art. L. 227-1, art. 239 bis AB CGI).',
    });
    expect(found).toEqual([]);
  });

  it('refuses, as the reason shown for a PFA or II, a rule that scores a Kreo form higher', () => {
    // The SRL's limited liability shown as a reason to prefer a PFA (review of issue 36, finding 1).
    const found = problems(
      (file) => (rule(file, 'roAlone').scores = { SRL_SOLE: 3, SRL: -10, PFA: 1, II: 1 }),
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /rule roAlone: would be shown as a reason for PFA but scores SRL_SOLE higher \(3 > 1\)/,
      ),
    );
    expect(found).toContainEqual(expect.stringMatching(/rule roAlone: would be shown as a reason for II/));
  });

  it('refuses a rule that names no country (its scores could not fit every country)', () => {
    const found = problems((file) => delete rule(file, 'roSeveral').when.country);
    expect(found).toContainEqual(
      expect.stringMatching(/\/rules\/\d+\/when must have required property 'country'/),
    );
  });
});
