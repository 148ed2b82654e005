/**
 * The company file's persons (version 3): every person once, fully identified, roles pointing to them,
 * and a file that does not contradict itself. The server refuses each inconsistency with a rule the
 * founder reads in their language, accepts a complete file with a company associate, and the documents
 * print what the law asks of every person, with no blank left for what the wizard could ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enWizard from '../../locales/en/wizard.json';
import frWizard from '../../locales/fr/wizard.json';
import roWizard from '../../locales/ro/wizard.json';
import stepsFile from '../../schemas/wizard/steps.json';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import { writeDocument } from '../../server/services/documents/write-document';
import { companyFiles } from '../../server/db/schema';
import { createCompanyFileService, loadWizard } from '../../server/services/company-files';
import { readCaenClasses } from '../../src/shared/wizard-source.node.ts';
import { makeCnp } from '../../src/testing/cnp';
import { completeCompanyFile, versionTwoCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { json, startTestServer, type SignedUpUser, type TestServer } from './harness';
import { pdfText, squeeze } from './document-text';

type Values = Record<string, unknown>;
type Problem = { step: string | null; path: string; keyword: string; params: Values };

const VERSION = stepsFile.version;
const FORMS: LegalFormId[] = ['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL', 'RO-SRL', 'RO-SRL_SOLE'];
const WORDS = { fr: frWizard, en: enWizard, ro: roWizard };

let server: TestServer;
let user: SignedUpUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await server.signup();
});
afterAll(() => server?.close());

const submit = (data: Values, token = user.accessToken) =>
  server.request('/api/company-file/submit', { body: { data, version: VERSION }, token });

async function problemsOf(data: Values): Promise<Problem[]> {
  const response = await submit(data);
  expect(response.statusCode, response.body).toBe(422);
  return json<{ errors: Problem[] }>(response).errors;
}

const persons = (data: Values) => data.persons as Values[];
const subscribers = (data: Values) => data.subscribers as Values[];

/** A text of locales/<language>/wizard.json by its dotted key (below `errors`, say). */
function wizardText(language: keyof typeof WORDS, key: string): string {
  let node: unknown = WORDS[language];
  for (const part of key.split('.')) node = (node as Values | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text wizard:${key} in ${language}`);
  return node;
}

describe('a file that contradicts itself is refused, for every legal form', () => {
  it.each(FORMS)('%s: a capital that does not divide into equal shares (1 000 in 3)', async (form) => {
    const data = completeCompanyFile(2, '2026-01-15', form);
    data.shareCapital = 1000;
    data.numberOfShares = 3;
    expect(await problemsOf(data)).toContainEqual(
      expect.objectContaining({ step: 'company-details', path: '/shareCapital', keyword: 'wholeCentsPer' }),
    );
  });

  it.each(FORMS)('%s: a subscription that is not its shares times the nominal value', async (form) => {
    const data = completeCompanyFile(2, '2026-01-15', form);
    const [first] = subscribers(data);
    // The review's case: 90 parts for 100 next to 10 parts for 900, one nominal value for all.
    if (first) first.subscription = (first.subscription as number) + 10;
    expect(await problemsOf(data)).toContainEqual(
      expect.objectContaining({
        step: 'subscribers',
        path: '/subscribers/0/subscription',
        keyword: 'timesNominal',
      }),
    );
  });

  it.each(FORMS)('%s: a company name that repeats the legal form', async (form) => {
    const data = completeCompanyFile(2, '2026-01-15', form);
    data.companyName = `Cafeaua Bună ${form.split('-')[1]?.replace('_SOLE', '')}`;
    expect(await problemsOf(data)).toContainEqual(
      expect.objectContaining({ step: 'company-details', path: '/companyName', keyword: 'legalFormSuffix' }),
    );
  });

  it.each(FORMS)('%s: a company as manager, and a role naming no person of the file', async (form) => {
    const data = completeCompanyFile(2, '2026-01-15', form);
    persons(data).push({
      id: 'p9',
      kind: 'legal',
      name: 'Holding Martin',
      legalForm: 'SAS',
      registeredOffice: '3 place Bellecour, 69002 Lyon, France',
      country: 'FR',
      registrationNumber: 'RCS Lyon 123 456 789',
      representativeId: 'p1',
    });
    data.managers = [{ personId: 'p9' }];
    const problems = await problemsOf(data);
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: '/managers/0/personId',
        keyword: 'personRef',
        params: { reason: 'kind' },
      }),
    );
    data.managers = [{ personId: 'p42' }];
    expect(await problemsOf(data)).toContainEqual(
      expect.objectContaining({
        path: '/managers/0/personId',
        keyword: 'personRef',
        params: { reason: 'missing' },
      }),
    );
  });

  it.each(FORMS.filter((form) => !['FR-SASU', 'FR-EURL', 'RO-SRL_SOLE'].includes(form)))(
    '%s: the same person twice as associate',
    async (form) => {
      const data = completeCompanyFile(2, '2026-01-15', form);
      const [, second] = subscribers(data);
      if (second) second.personId = 'p1';
      expect(await problemsOf(data)).toContainEqual(
        expect.objectContaining({ step: 'subscribers', path: '/subscribers', keyword: 'uniqueBy' }),
      );
    },
  );

  it.each(['FR-SASU', 'FR-EURL', 'RO-SRL_SOLE'] as LegalFormId[])(
    "%s: a sole associate's shares are the whole capital",
    async (form) => {
      const data = completeCompanyFile(1, '2026-01-15', form);
      const [only] = subscribers(data);
      if (only) {
        only.shares = (only.shares as number) - 1;
        only.subscription = (only.subscription as number) - 50;
        only.paidAmount = only.subscription;
      }
      expect(await problemsOf(data)).toContainEqual(
        expect.objectContaining({ step: 'subscribers', keyword: 'sumMatches' }),
      );
    },
  );

  it.each(['RO-SRL', 'RO-SRL_SOLE'] as LegalFormId[])(
    '%s: a Romanian citizen needs a CNP whose check digit and birth date hold',
    async (form) => {
      const data = completeCompanyFile(2, '2026-01-15', form);
      const [founder] = persons(data);
      if (!founder) throw new Error('no founder');
      Object.assign(founder, { nationality: 'RO', idType: 'idCard', idSeries: 'CJ', idNumber: '123456' });
      expect(await problemsOf(data)).toContainEqual(
        expect.objectContaining({
          path: '/persons/0',
          keyword: 'requiredWhen',
          params: { missingProperty: 'cnp' },
        }),
      );
      const valid = makeCnp(2, '1990-05-17', '12');
      const wrongDigit = `${valid.slice(0, 12)}${(Number(valid[12]) + 1) % 10}`;
      founder.cnp = wrongDigit;
      expect(await problemsOf(data)).toContainEqual(
        expect.objectContaining({ path: '/persons/0/cnp', keyword: 'cnp', params: { reason: 'checksum' } }),
      );
      founder.cnp = makeCnp(1, '1990-05-17', '12');
      expect(await problemsOf(data)).toContainEqual(
        expect.objectContaining({
          path: '/persons/0/cnp',
          keyword: 'cnp',
          params: { reason: 'sexMismatch' },
        }),
      );
      founder.cnp = valid;
      const accepted = await submit(data);
      expect(accepted.statusCode, accepted.body).toBe(200);
    },
  );

  it('says each rule in French, English and Romanian, naming the law where there is one', () => {
    const rules: [string, RegExp | null][] = [
      ['errors.capitalEqualShares.EUR', /L\. 227-1|L\. 223-2/],
      ['errors.capitalEqualShares.RON', /31\/1990/],
      ['errors.subscriptionTimesNominal.EUR', null],
      ['errors.managerNotNatural', null],
      ['errors.managerParents', null],
      ['errors.associateMaritalStatus', null],
      ['errors.subscriberTwice', null],
      ['errors.cnp.checksum', null],
    ];
    for (const [key, article] of rules)
      for (const language of ['fr', 'en', 'ro'] as const) {
        const text = wizardText(language, key);
        expect(text.length, `${language} ${key}`).toBeGreaterThan(20);
        if (article && language === 'fr') expect(text, key).toMatch(article);
      }
    // Each language's text is its own, not a copy of another's.
    expect(wizardText('ro', 'errors.managerParents')).not.toBe(wizardText('fr', 'errors.managerParents'));
    expect(wizardText('en', 'errors.managerParents')).not.toBe(wizardText('fr', 'errors.managerParents'));
  });
});

/**
 * A French SAS whose associates are Camille Dupont (20 %) and Holding Martin (80 %), a company owned
 * half by Paul Martin and half by Léa Martin: each holds 40 % indirectly, so the two of them are the
 * beneficial owners, and neither Camille (20 %) nor the company is one.
 */
function fileWithCompanyAssociate(): Values {
  const data = completeCompanyFile(2, '2026-01-15', 'FR-SAS');
  const [founder] = persons(data);
  const natural = (id: string, civility: string, firstNames: string, lastName: string) => ({
    id,
    kind: 'natural',
    civility,
    lastName,
    firstNames,
    dateOfBirth: '1970-02-03',
    placeOfBirth: 'Lyon, France',
    nationality: 'FR',
    address: '3 place Bellecour, 69002 Lyon, France',
    maritalStatus: 'married',
    matrimonialRegime: 'separation',
  });
  data.persons = [
    {
      ...founder,
      maritalStatus: 'married',
      matrimonialRegime: 'community',
      commonFunds: true,
      spouseCivility: 'M',
      spouseLastName: 'Durand',
      spouseFirstNames: 'Marc',
    },
    {
      id: 'p2',
      kind: 'legal',
      name: 'Holding Martin',
      legalForm: 'SAS',
      capital: '10 000 €',
      registeredOffice: '3 place Bellecour, 69002 Lyon, France',
      country: 'FR',
      registrationNumber: 'RCS Lyon 912 345 678',
      representativeId: 'p3',
      owners: [
        { personId: 'p3', percent: 50 },
        { personId: 'p4', percent: 50 },
      ],
    },
    natural('p3', 'M', 'Paul', 'Martin'),
    natural('p4', 'F', 'Léa', 'Martin'),
  ];
  data.shareCapital = 1000;
  data.numberOfShares = 100;
  data.subscribers = [
    { personId: 'p1', shares: 20, subscription: 200, paidAmount: 200 },
    { personId: 'p2', shares: 80, subscription: 800, paidAmount: 400 },
  ];
  return data;
}

const wizard = loadWizard();
const builder = createDocumentBuilder({
  legalForms: wizard.legalForms,
  caenClasses: readCaenClasses(process.cwd()),
});
async function documentText(sku: DocumentSku, data: Values, language?: 'fr' | 'en' | 'ro'): Promise<string> {
  const document = builder.build(sku, data, language ? { language } : {});
  return squeeze((await pdfText(await writeDocument(document, 'pdf'))).text);
}

describe('a company associate', () => {
  it('is accepted with its representative and owners, whose holdings make two beneficial owners', async () => {
    const data = fileWithCompanyAssociate();
    const response = await submit(data);
    expect(response.statusCode, response.body).toBe(200);

    const owners = await documentText('LIST_OF_BENEFICIARIES', data);
    expect(owners).toContain(squeeze('MARTIN Paul'));
    expect(owners).toContain(squeeze('MARTIN Léa'));
    expect(owners).toContain(squeeze('Bénéficiaire effectif n° 2'));
    expect(owners).not.toContain(squeeze('Bénéficiaire effectif n° 3'));
    // Through the holding: 80 % × 50 %.
    expect(owners).toContain(squeeze('détention indirecte de 40,00 %, par la société Holding Martin'));
    expect(owners).not.toContain(squeeze('DUPONT Camille'));

    const statutes = await documentText('LEGAL_STATUSES', data);
    expect(statutes).toContain(
      squeeze(
        'la société Holding Martin, SAS, au capital de 10 000 €, dont le siège social est situé 3 place Bellecour, 69002 Lyon, France (France), immatriculée sous le numéro RCS Lyon 912 345 678, représentée par Monsieur Paul MARTIN',
      ),
    );
    // A married associate contributing common property, and her spouse told of it (C. civ. 1832-2).
    expect(statutes).toContain(squeeze('mariée sous le régime légal de la communauté réduite aux acquêts'));
    expect(statutes).toContain(squeeze('son conjoint, Monsieur Marc DURAND, a été averti de cet apport'));
    // The company signs through its representative; Camille, présidente, signs once, as both.
    expect(statutes).toContain(squeeze('Holding Martin, représentée par Monsieur Paul MARTIN'));
    expect(statutes).toContain(squeeze('Associée, présidente'));
  });
});

describe("a SAS's directeur général", () => {
  it('is named in the statutes, signs a declaration, and is a beneficial owner when nobody holds more than 25 %', async () => {
    const data = completeCompanyFile(5, '2026-01-15', 'FR-SAS');
    persons(data).push({
      ...persons(data)[0],
      id: 'p9',
      civility: 'M',
      firstNames: 'Marc',
      lastName: 'Lefèvre',
      fatherName: 'Paul Lefèvre',
      motherName: 'Anne Roux',
    });
    data.directorGeneralId = 'p9';
    const response = await submit(data);
    expect(response.statusCode, response.body).toBe(200);

    const statutes = await documentText('LEGAL_STATUSES', data);
    expect(statutes).toContain(squeeze('Est nommé premier directeur général de la société'));
    expect(statutes).toContain(squeeze('Monsieur Marc LEFÈVRE, né le 17 mai 1990'));
    expect(statutes).toContain(squeeze('Directeur général, non associé'));
    const declarations = await documentText('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', data);
    expect(declarations).toContain(squeeze('nommé en qualité de directeur général'));
    expect(declarations).toContain(squeeze('nommée en qualité de présidente'));
    // Five associates of 20 % each: the law names the président and the directeur général (R. 561-1 2° d).
    const owners = await documentText('LIST_OF_BENEFICIARIES', data);
    expect(owners).toContain(squeeze('LEFÈVRE Marc'));
    expect(owners).toContain(squeeze('Représentant légal (directeur général)'));
    // Camille Dupont, the présidente, in her gender (issue 33).
    expect(owners).toContain(squeeze('Représentante légale (présidente)'));

    // Without the parents' names his declaration cannot be written: refused as for the président.
    const withoutParents = structuredClone(data);
    delete (persons(withoutParents).at(-1) as Values).fatherName;
    expect(await problemsOf(withoutParents)).toContainEqual(
      expect.objectContaining({ path: '/directorGeneralId', keyword: 'personHas' }),
    );
  });
});

describe('the documents of a complete file', () => {
  /** Every field the wizard asks, filled, for each form: the documents leave no blank to fill by hand. */
  it.each(FORMS)('%s: no document prints a blank for what the wizard asks', async (form) => {
    const data = completeCompanyFile(2, '2026-01-15', form);
    const response = await submit(data);
    expect(response.statusCode, response.body).toBe(200);
    for (const sku of [
      'LEGAL_STATUSES',
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'LIST_OF_BENEFICIARIES',
    ] as DocumentSku[])
      for (const language of ['fr', 'en', 'ro'] as const) {
        const text = await documentText(sku, data, language);
        expect(text, `${form} ${sku} ${language}`).not.toContain('……');
        // The founder's identity as the law asks it, in every document naming her.
        expect(text, `${form} ${sku} ${language}`).toMatch(/DUPONT/);
      }
  });

  it('identifies a Romanian associate by her identity card and CNP, a foreign one by his passport', async () => {
    const data = completeCompanyFile(2, '2026-01-15', 'RO-SRL');
    const [founder, other] = persons(data);
    const cnp = makeCnp(2, '1990-05-17', '12');
    Object.assign(founder ?? {}, {
      nationality: 'RO',
      cnp,
      idType: 'idCard',
      idSeries: 'CJ',
      idNumber: '123456',
      idIssuedBy: 'SPCLEP Cluj-Napoca',
      idIssuedOn: '2021-04-01',
    });
    const text = await documentText('LEGAL_STATUSES', data);
    expect(text).toContain(
      squeeze(
        `doamna Camille DUPONT, de cetățenie română, născută la data de 17 mai 1990 în Lyon, France, cu domiciliul în 12 rue de la Paix, 75002 Paris, France, identificată cu cartea de identitate seria CJ nr. 123456, eliberată de SPCLEP Cluj-Napoca la data de 1 aprilie 2021, CNP ${cnp}`,
      ),
    );
    expect(text).toContain(
      squeeze(`domnul Alex ${String(other?.lastName).toUpperCase()}, de cetățenie franceză`),
    );
    expect(text).toContain(squeeze('identificat cu pașaportul nr. 19CD10000'));
    expect(text).not.toContain('……');
  });
});

describe('files saved by the wizard of version 2', () => {
  it('open with every value in its new place, as a draft and as a submission', async () => {
    const founder = await server.signup();
    const old = versionTwoCompanyFile();
    await server.db.insert(companyFiles).values({
      userId: founder.userId,
      revision: 4,
      step: 5,
      data: old,
      version: 2,
      submittedData: old,
      submittedVersion: 2,
      submittedRevision: 4,
      submittedAt: new Date(),
    });
    const file = json<{ data: Values; setAside: Values; version: number }>(
      await server.request('/api/company-file', { token: founder.accessToken }),
    );
    expect(file.version).toBe(VERSION);
    const { data } = file;
    expect(data.persons).toEqual([
      {
        id: 'p1',
        kind: 'natural',
        firstNames: 'Camille',
        lastName: 'Dupont',
        dateOfBirth: '1990-05-17',
        placeOfBirth: 'Lyon, France',
        nationality: 'FR',
        address: '12 rue de la Paix, 75002 Paris, France',
        fatherName: 'Jean Dupont',
        motherName: 'Marie Dupont née Martin',
      },
      {
        id: 'p2',
        kind: 'legal',
        name: 'Holding Martin SAS',
        legalForm: 'SAS',
        registeredOffice: '3 place Bellecour, 69002 Lyon',
      },
    ]);
    // "CAMILLE DUPONT" the associate is Camille Dupont the founder and président: one person.
    expect(data.managers).toEqual([{ personId: 'p1' }]);
    expect(data.subscribers).toEqual([
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 600 },
      { personId: 'p2', shares: 40, subscription: 400, paidAmount: 200 },
    ]);
    for (const field of [
      'companyName',
      'corporatePurpose',
      'registeredOffice',
      'shareCapital',
      'numberOfShares',
      'durationYears',
      'nonConvictionStatement',
      'placeOfSignature',
      'dateOfSignature',
    ])
      expect(data[field], field).toEqual(old[field]);
    expect(file.setAside).toEqual({});
    for (const gone of [
      'fullName',
      'dateOfBirth',
      'placeOfBirth',
      'nationality',
      'address',
      'fatherName',
      'motherName',
    ])
      expect(data, gone).not.toHaveProperty(gone);

    // The submission is read in version 3 too: its documents name the persons.
    const submitted = await createCompanyFileService({ db: server.db, wizard }).submittedData(founder.userId);
    expect(submitted?.subscribers).toEqual(data.subscribers);
    expect(submitted?.persons).toEqual(data.persons);
  });
});
