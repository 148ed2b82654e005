/**
 * The choices the law leaves to founders (issue 32), each with its default: the first financial
 * year's closing date (France), the Romanian duration as typed, a SAS's agrément and inaliénabilité
 * clauses, and how an SRL's administrators act and for how long. The server refuses a closing date the
 * law does not allow, with a message in each language; the documents print what was chosen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDocumentBuilder } from '../../server/services/documents/build-document';
import type { DocumentLanguage } from '../../server/services/documents/formats';
import { writeDocument } from '../../server/services/documents/write-document';
import { loadWizard, validateCompanyFile } from '../../server/services/company-files';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { readCaenClasses, readWizardSource } from '../../src/shared/wizard-source.node.ts';
import { makeCnp } from '../../src/testing/cnp';
import { completeCompanyFile, type CompanyFileValues, type LegalFormId } from '../fixtures/company-file';
import { pdfText, squeeze } from './document-text';

const wizard = loadWizard();
const builder = createDocumentBuilder({
  legalForms: resolveWizard(readWizardSource(process.cwd())).legalForms,
  caenClasses: readCaenClasses(process.cwd()),
});

/** The text of the statutes (act constitutiv) of `data`, as pdf.js reads the PDF, without white space. */
async function statutes(data: CompanyFileValues, language?: DocumentLanguage): Promise<string> {
  const document = builder.build('LEGAL_STATUSES', data, language === undefined ? {} : { language });
  const { text } = await pdfText(await writeDocument(document, 'pdf'));
  return squeeze(text);
}

const file = (form: LegalFormId, dateOfSignature: string, changes: CompanyFileValues = {}) => ({
  ...completeCompanyFile(2, dateOfSignature, form),
  ...changes,
});

/** Two administrators: the founder, and Ștefan Țânțar, a person of the file who is no associate. */
function twoAdministrators(changes: CompanyFileValues = {}): CompanyFileValues {
  const data = file('RO-SRL', '2026-03-14', changes);
  const persons = data.persons as Record<string, unknown>[];
  const id = `p${persons.length + 1}`;
  const stefan = {
    id,
    kind: 'natural',
    civility: 'M',
    lastName: 'Țânțar',
    firstNames: 'Ștefan',
    dateOfBirth: '1990-05-17',
    placeOfBirth: 'Cluj-Napoca, România',
    nationality: 'RO',
    address: 'Strada Mărășești 7, Iași',
    // A Romanian citizen's CNP: a man born in 1990 (1), in Cluj (12).
    cnp: makeCnp(1, '1990-05-17', '12'),
    idType: 'idCard',
    idSeries: 'MX',
    idNumber: '654321',
    idIssuedBy: 'SPCLEP Iași',
    idIssuedOn: '2021-02-10',
  };
  return {
    ...data,
    persons: [...persons, stefan],
    managers: [...(data.managers as unknown[]), { personId: id }],
  };
}

describe('the first financial year (France)', () => {
  it('closes by default on 31 December of the year of signature, then every 31 December', async () => {
    const text = await statutes(file('FR-SAS', '2026-03-14'));
    expect(text).toContain(squeeze('se termine le 31 décembre de chaque année'));
    expect(text).toContain(squeeze("le premier exercice commence le jour de l'immatriculation"));
    expect(text).toContain(squeeze('et se termine le 31 décembre 2026.'));
  });

  it('closes by default on 31 December of the next year when the statutes are signed after June', async () => {
    const text = await statutes(file('FR-SARL', '2026-11-26'));
    expect(text).toContain(squeeze('et se termine le 31 décembre 2027.'));
    expect(text).not.toContain(squeeze('31 décembre 2026'));
  });

  it('closes on the date the founder chose, and every later year on the same day', async () => {
    const data = file('FR-SAS', '2026-03-14', { firstFinancialYearEnd: '2027-06-30' });
    const text = await statutes(data);
    expect(text).toContain(squeeze('se termine le 30 juin de chaque année'));
    expect(text).toContain(squeeze('et se termine le 30 juin 2027.'));
    expect(text).not.toContain(squeeze('31 décembre'));
    // The courtesy translations say the same.
    expect(await statutes(data, 'en')).toContain(squeeze('ends on 30 June of each year'));
    expect(await statutes(data, 'ro')).toContain(squeeze('se încheie la 30 iunie 2027'));
  });

  it('says "the last day of February" when the year closes in February (28 or 29)', async () => {
    const text = await statutes(file('FR-EURL', '2026-03-14', { firstFinancialYearEnd: '2027-02-28' }));
    expect(text).toContain(squeeze('se termine le dernier jour du mois de février de chaque année'));
    expect(text).toContain(squeeze('28 février 2027'));
  });

  it('is the calendar year in Romania: the act says the first one ends on 31 December', async () => {
    const text = await statutes(file('RO-SRL', '2026-11-26'));
    expect(text).toContain(
      squeeze(
        'Primul exercițiu financiar începe la data înmatriculării societății și se încheie la 31 decembrie al aceluiași an.',
      ),
    );
    expect(text).toContain(squeeze('Legea contabilității nr. 82/1991, art. 27'));
    // Nothing to choose: the wizard has no such field for a Romanian company.
    expect(
      validateCompanyFile(wizard, file('RO-SRL', '2026-03-14', { firstFinancialYearEnd: '2026-12-31' })),
    ).toEqual([
      {
        step: null,
        path: '/firstFinancialYearEnd',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'firstFinancialYearEnd' },
      },
    ]);
  });
});

describe('the closing date the server refuses', () => {
  /** The one error on the closing date, with its message in each language. */
  function refusal(data: CompanyFileValues) {
    const errors = validateCompanyFile(wizard, data).filter(
      (error) => error.path === '/firstFinancialYearEnd',
    );
    expect(errors, JSON.stringify(errors)).toHaveLength(1);
    const [error] = errors;
    const step = JSON.parse(readFileSync('schemas/wizard/company-details.json', 'utf8')) as {
      uiSchema: { firstFinancialYearEnd: { 'ui:errorMessages': Record<string, string> } };
    };
    const key = step.uiSchema.firstFinancialYearEnd['ui:errorMessages'][error?.keyword ?? ''] ?? '';
    const messages = Object.fromEntries(
      (['fr', 'en', 'ro'] as const).map((language) => {
        const texts = JSON.parse(readFileSync(`locales/${language}/wizard.json`, 'utf8')) as Record<
          string,
          unknown
        >;
        const template = key
          .replace(/^wizard:/, '')
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
        expect(typeof template, `${key} in ${language}`).toBe('string');
        const params = (error?.params ?? {}) as Record<string, unknown>;
        return [
          language,
          (template as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name])),
        ];
      }),
    );
    return { error, messages };
  }

  it('refuses a closing date on or before the date of signature', () => {
    for (const [signature, closing] of [
      ['2026-03-14', '2025-12-31'],
      ['2026-03-31', '2026-03-31'],
    ] as const) {
      const { error, messages } = refusal(file('FR-SAS', signature, { firstFinancialYearEnd: closing }));
      expect(error).toMatchObject({ step: 'company-details', keyword: 'afterDate' });
      expect(messages.fr).toContain('postérieure à la date de signature');
      expect(messages.en).toContain('after the date the articles are signed');
      expect(messages.ro).toContain('după data semnării');
    }
  });

  it('refuses a closing date after 31 December of the year after the signature (CGI art. 209)', () => {
    const { error, messages } = refusal(
      file('FR-SARL', '2026-11-26', { firstFinancialYearEnd: '2028-01-31' }),
    );
    expect(error).toMatchObject({
      step: 'company-details',
      keyword: 'notAfterYearEnd',
      params: { limit: '2027-12-31', year: '2027' },
    });
    expect(messages.fr).toContain('au plus tard le 31 décembre 2027');
    expect(messages.en).toContain('no later than 31 December 2027');
    expect(messages.ro).toContain('cel târziu la 31 decembrie 2027');
    for (const message of Object.values(messages)) expect(message).toContain('art. 209');
  });

  it('accepts the last day allowed, and a first year of almost 24 months', () => {
    for (const [signature, closing] of [
      ['2026-11-26', '2027-12-31'],
      ['2026-01-02', '2027-12-31'],
      ['2026-03-14', '2026-03-31'],
    ] as const) {
      const data = file('FR-SASU', signature, { firstFinancialYearEnd: closing });
      expect(validateCompanyFile(wizard, data), `${signature} → ${closing}`).toEqual([]);
    }
  });

  it('refuses a day that is not the last of its month, 28 February of a leap year included', () => {
    // Signed in 2027 for the leap year: a date of signature in the future is another step's error.
    for (const [signature, closing] of [
      ['2026-11-01', '2026-12-30'],
      ['2026-11-01', '2027-06-15'],
      ['2027-03-01', '2028-02-28'],
    ] as const) {
      const { error, messages } = refusal(file('FR-EURL', signature, { firstFinancialYearEnd: closing }));
      expect(error, closing).toMatchObject({ step: 'company-details', keyword: 'endOfMonth' });
      expect(messages.fr).toContain('dernier jour d');
      expect(messages.en).toContain('last day of a month');
      expect(messages.ro).toContain('ultima zi a unei luni');
    }
    expect(
      validateCompanyFile(wizard, file('FR-EURL', '2026-11-01', { firstFinancialYearEnd: '2027-02-28' })),
    ).toEqual([]);
  });
});

describe('the duration of a Romanian company', () => {
  it('prints the years typed (art. 7 lit. h)), or "nelimitată" when left empty', async () => {
    for (const [durationYears, expected] of [
      [25, 'Durata societății este de 25 de ani,'],
      [15, 'Durata societății este de 15 ani,'],
      [1, 'Durata societății este de 1 an,'],
      [undefined, 'Durata societății este nelimitată,'],
    ] as const) {
      const text = await statutes(file('RO-SRL_SOLE', '2026-03-14', { durationYears }));
      expect(text, String(durationYears)).toContain(squeeze(expected));
      if (durationYears !== undefined)
        expect(text).not.toContain(squeeze('Durata societății este nelimitată'));
    }
  });
});

describe("a SAS's share-transfer clauses", () => {
  it('by default: approval of transfers to third persons, with its procedure, and no inalienability', async () => {
    const text = await statutes(file('FR-SAS', '2026-03-14'));
    expect(text).toContain(
      squeeze("Toute cession à un tiers, à quelque titre que ce soit, est soumise à l'agrément préalable"),
    );
    expect(text).toContain(
      squeeze("trois mois à compter de la notification du refus, l'agrément est réputé acquis"),
    );
    expect(text).not.toContain(squeeze('inaliénables'));
  });

  it('without approval: shares transfer freely, and no approval procedure is printed', async () => {
    const text = await statutes(file('FR-SAS', '2026-03-14', { shareTransferApproval: false }));
    expect(text).toContain(
      squeeze('Les actions sont librement cessibles, entre associés comme à des tiers.'),
    );
    expect(text).not.toContain(squeeze('agrément préalable'));
    expect(text).not.toContain(squeeze("La demande d'agrément"));
    expect(text).not.toContain(squeeze('est nulle'));
  });

  it('with an inalienability clause, for the years chosen (at most 10, L. 227-13)', async () => {
    const text = await statutes(file('FR-SAS', '2026-03-14', { inalienabilityYears: 5 }));
    expect(text).toContain(
      squeeze("les actions sont inaliénables pendant 5 ans à compter de l'immatriculation"),
    );
    expect(text).toContain(
      squeeze('Toute cession effectuée en violation des présentes stipulations est nulle.'),
    );
    expect(await statutes(file('FR-SAS', '2026-03-14', { inalienabilityYears: 5 }), 'en')).toContain(
      squeeze('may not be transferred (inaliénabilité) for 5 years'),
    );
    const refused = validateCompanyFile(wizard, file('FR-SAS', '2026-03-14', { inalienabilityYears: 11 }));
    expect(refused).toEqual([
      {
        step: 'company-details',
        path: '/inalienabilityYears',
        keyword: 'maximum',
        params: { comparison: '<=', limit: 10 },
      },
    ]);
  });

  it('a SASU: the approval that applies once there are several associates has its procedure', async () => {
    const text = await statutes(completeCompanyFile(1, '2026-03-14', 'FR-SASU'));
    expect(text).toContain(squeeze('Dès que la société comprend plusieurs associés'));
    expect(text).toContain(squeeze("La demande d'agrément est notifiée au président"));
    expect(text).not.toContain(squeeze('inaliénables'));
  });
});

describe("an SRL's administrators", () => {
  it('by default act separately, for an unlimited term, and any of them carries out the formalities', async () => {
    const text = await statutes(twoAdministrators());
    expect(text).toContain(squeeze('numiți pe durată nelimitată:'));
    expect(text).toContain(squeeze('au puteri depline, pe care le exercită separat'));
    expect(text).toContain(squeeze('Asociații împuternicesc pe oricare dintre administratorii societății'));
    expect(text).not.toContain(squeeze('împuternicesc administratorul'));
    // One administrator is "the administrator", whatever was chosen for several.
    const alone = await statutes(file('RO-SRL_SOLE', '2026-03-14', { administratorsActing: 'jointly' }));
    expect(alone).toContain(squeeze('Asociatul unic împuternicește administratorul societății'));
    expect(alone).toContain(squeeze('numit pe durată nelimitată:'));
    expect(alone).not.toContain(squeeze('împreună'));
  });

  it('act jointly, deciding unanimously, for the term chosen', async () => {
    const data = twoAdministrators({ administratorsActing: 'jointly', administratorTermYears: 4 });
    const text = await statutes(data);
    expect(text).toContain(squeeze('numiți pe o durată de 4 ani:'));
    expect(text).toContain(squeeze('pe care le exercită împreună'));
    expect(text).toContain(squeeze('deciziile lor se iau în unanimitate'));
    expect(text).not.toContain(squeeze('separat'));
    expect(await statutes(data, 'fr')).toContain(squeeze("qu'ils exercent ensemble"));
    expect(await statutes(data, 'en')).toContain(squeeze('appointed for a term of 4 years'));
  });

  it('are asked only of an SRL, with the values the law allows', () => {
    expect(
      validateCompanyFile(
        wizard,
        twoAdministrators({ administratorsActing: 'together', administratorTermYears: 0 }),
      ),
    ).toEqual([
      {
        step: 'management',
        path: '/administratorsActing',
        keyword: 'enum',
        params: { allowedValues: ['separately', 'jointly'] },
      },
      {
        step: 'management',
        path: '/administratorTermYears',
        keyword: 'minimum',
        params: { comparison: '>=', limit: 1 },
      },
    ]);
    expect(
      validateCompanyFile(wizard, file('FR-SARL', '2026-03-14', { administratorsActing: 'jointly' })),
    ).toContainEqual(
      expect.objectContaining({ path: '/administratorsActing', keyword: 'additionalProperties' }),
    );
  });
});
