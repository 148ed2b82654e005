/**
 * The filing papers added to the Standard package (issue 33): the list of subscribers, the power of
 * attorney to file, the proof of the registered office, the legal notice and the Romanian declaration
 * on the operating conditions. Their text for each form they exist for (PDF and Word), who may have
 * them, what GET /api/documents lists, the documents the answers do not call for, and the wizard's
 * fields they are written from (registeredOfficeType, registeredOfficeOwnerId, filerId).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import { writeDocument } from '../../server/services/documents/write-document';
import { loadWizard } from '../../server/services/company-files';
import { readCaenClasses } from '../../src/shared/wizard-source.node.ts';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { buyLocally, json, startTestServer, type SignedUpUser, type TestServer } from './harness';
import { docxText, pdfText, squeeze } from './document-text';

type Values = Record<string, unknown>;

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
const STARTER = { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' };
const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };
const FRENCH: LegalFormId[] = ['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL'];
const ROMANIAN: LegalFormId[] = ['RO-SRL', 'RO-SRL_SOLE'];
const NEW_SKUS = [
  'SUBSCRIBERS_LIST',
  'FILING_MANDATE',
  'REGISTERED_OFFICE_PROOF',
  'LEGAL_NOTICE',
  'OPERATING_CONDITIONS_DECLARATION',
] as const;

/** Luc Bernard: neither associate nor manager; he files, or (Romania) owns the premises lent. */
function luc(romanian: boolean): Values {
  return {
    id: 'p9',
    kind: 'natural',
    civility: 'M',
    lastName: 'Bernard',
    firstNames: 'Luc',
    dateOfBirth: '1970-08-09',
    placeOfBirth: 'Lyon, France',
    // French: a Romanian citizen would need a CNP.
    nationality: 'FR',
    address: romanian ? 'Strada Lungă 5, Brașov' : '4 rue Neuve, Lyon',
    ...(romanian
      ? {
          idType: 'passport',
          idNumber: '055123456',
          idIssuedBy: 'DGP Brașov',
          idIssuedOn: '2019-04-02',
        }
      : { maritalStatus: 'single' }),
  };
}

/**
 * A complete file of `form` with Luc Bernard in it, a seat of the kind the proof of seat is for (the
 * legal representative's home in France, premises lent by Luc in Romania) and Luc filing; `half`: each
 * associate has paid half of their subscription (France).
 */
function fileOf(form: LegalFormId, options: { half?: boolean } = {}): Values {
  const base = completeCompanyFile(2, '2026-01-15', form);
  const romanian = form.startsWith('RO');
  const subscribers = (base.subscribers as Values[]).map((subscriber) => ({
    ...subscriber,
    ...(options.half ? { paidAmount: (subscriber.subscription as number) / 2 } : {}),
  }));
  return {
    ...base,
    persons: [...(base.persons as Values[]), luc(romanian)],
    subscribers,
    registeredOfficeType: romanian ? 'lent' : 'home',
    ...(romanian ? { registeredOfficeOwnerId: 'p9' } : {}),
    filerId: 'p9',
  };
}

const wizard = loadWizard();
const builder = createDocumentBuilder({
  legalForms: wizard.legalForms,
  caenClasses: readCaenClasses(process.cwd()),
});

/** The filing copy's text, as PDF and as Word, without white space. */
async function texts(sku: DocumentSku, data: Values): Promise<{ pdf: string; docx: string }> {
  const document = builder.build(sku, data);
  const [pdf, docx] = await Promise.all([
    writeDocument(document, 'pdf').then(async (file) => (await pdfText(file)).text),
    writeDocument(document, 'docx').then((file) => docxText(file).body),
  ]);
  return { pdf: squeeze(pdf), docx: squeeze(docx) };
}

/** Every phrase in both texts, and no markup left over (a table separator, a cell bar, a heading mark). */
async function expectText(sku: DocumentSku, data: Values, phrases: string[], absent: string[] = []) {
  const { pdf, docx } = await texts(sku, data);
  for (const text of [pdf, docx]) {
    for (const phrase of phrases) expect(text, phrase).toContain(squeeze(phrase));
    for (const phrase of absent) expect(text, phrase).not.toContain(squeeze(phrase));
    expect(text).not.toMatch(/---|\||##|@sign/);
  }
}

describe('the list of subscribers (France)', () => {
  it.each(FRENCH)(
    'lists, for a %s, each subscriber, the shares, the sums subscribed and paid, and totals',
    async (form) => {
      const data = fileOf(form, { half: true });
      const several = form === 'FR-SAS' || form === 'FR-SARL';
      const sas = form.startsWith('FR-SAS');
      await expectText(
        'SUBSCRIBERS_LIST',
        data,
        [
          'Liste des souscripteurs',
          'Madame Camille DUPONT, née le 17 mai 1990 à Lyon',
          ...(several ? ['Monsieur Alex SUBSCRIBER2'] : []),
          sas ? 'Actions souscrites' : 'Parts souscrites',
          'Montant souscrit',
          'Somme versée',
          // 5 shares of 50 € each, half paid: 250 € subscribed, 125 € paid, 125 € to pay up.
          '250,00 €',
          '125,00 €',
          several ? 'Total 10 500,00 € 250,00 € 250,00 €' : 'Total 5 250,00 € 125,00 € 125,00 €',
          sas ? 'art. L. 225-5 et R. 22-10-6' : 'art. L. 223-7 et R. 223-3',
          'certifie sincère et exacte la présente liste',
          sas ? 'Présidente' : 'Gérante',
        ],
        several ? [] : ['SUBSCRIBER2'],
      );
    },
  );
});

describe('the power of attorney to file', () => {
  it.each(FRENCH)('gives, for a %s, the formality to the person chosen, signed by both', async (form) => {
    await expectText('FILING_MANDATE', fileOf(form), [
      'Pouvoir',
      'donne pouvoir à Monsieur Luc BERNARD, né le 9 août 1970',
      "guichet unique électronique des formalités d'entreprises",
      form.startsWith('FR-SAS') ? 'Présidente, mandante' : 'Gérante, mandante',
      '« Bon pour pouvoir »',
      '« Bon pour acceptation du pouvoir »',
    ]);
  });

  it.each(ROMANIAN)('is, for a %s, the împuternicire to file at the registry', async (form) => {
    await expectText('FILING_MANDATE', fileOf(form), [
      'Împuternicire',
      'împuternicesc prin prezenta pe domnul Luc BERNARD',
      'pașaportul nr. 055123456',
      'cererii de înregistrare',
      'Împuternicit (mandatar)',
    ]);
  });
});

describe('the proof of the registered office', () => {
  it.each(FRENCH)(
    'is, for a %s seated at its président’s or gérant’s home, the attestation with the L. 123-11-1 notice',
    async (form) => {
      await expectText('REGISTERED_OFFICE_PROOF', fileOf(form), [
        'Attestation de domiciliation',
        'atteste que la société installe son siège social à mon domicile, 12 rue de la Paix, 75002 Paris, France',
        'article L. 123-11-1 du Code de commerce',
        'ne peut excéder cinq ans à compter de la création de la société',
        'au bailleur, au syndicat de la copropriété',
        "radiée d'office",
      ]);
    },
  );

  it.each(ROMANIAN)(
    'is, for a %s in premises lent by their owner, the contract de comodat with the owner',
    async (form) => {
      await expectText('REGISTERED_OFFICE_PROOF', fileOf(form), [
        'Contract de comodat',
        'domnul Luc BERNARD, de cetățenie franceză',
        'proprietar al spațiului, denumit în continuare comodant',
        'spre folosință gratuită, spațiul situat în Strada Florilor 3, 400000 Cluj-Napoca, România',
        'Codul civil, art. 2146',
        'o durată de 10 ani',
        'Comodant (proprietar)',
      ]);
    },
  );
});

describe('the legal notice (France)', () => {
  const cost: Record<string, string> = {
    'FR-SAS': '197,00 €',
    'FR-SASU': '141,00 €',
    'FR-SARL': '147,00 €',
    'FR-EURL': '123,00 €',
  };
  const formName: Record<string, string> = {
    'FR-SAS': 'Forme : société par actions simplifiée.',
    'FR-SASU': 'Forme : société par actions simplifiée unipersonnelle.',
    'FR-SARL': 'Forme : société à responsabilité limitée.',
    'FR-EURL': 'Forme : entreprise unipersonnelle à responsabilité limitée.',
  };
  it.each(FRENCH)(
    'says, for a %s, what R. 210-4 asks, ready to paste, with its cost from the fees data',
    async (form) => {
      const sas = form.startsWith('FR-SAS');
      await expectText(
        'LEGAL_NOTICE',
        fileOf(form),
        [
          'Avis de constitution',
          'Dénomination : Boulangerie Dupont.',
          formName[form] ?? '',
          'Siège social : 12 rue de la Paix, 75002 Paris, France.',
          'Objet : Bakery and pastry, production and retail.',
          'Durée : 99 ans',
          `${sas ? 'Présidente' : 'Gérante'} : Madame Camille DUPONT, demeurant 12 rue de la Paix`,
          ...(sas ? ['Agrément :', 'chaque action donne droit à une voix'] : []),
          'Pour avis.',
          `${cost[form] ?? ''} hors taxes`,
        ],
        sas ? [] : ['Agrément'],
      );
    },
  );

  it('keeps the text to paste alone in its first section (the page copies it)', () => {
    const { blocks } = builder.build('LEGAL_NOTICE', fileOf('FR-SAS'));
    const headings = blocks.filter((block) => block.kind === 'heading');
    expect(headings.map((block) => ('text' in block ? block.text : ''))).toEqual([
      "Texte de l'annonce",
      'Coût et publication',
    ]);
    const [first, second] = blocks.flatMap((block, index) => (block.kind === 'heading' ? [index] : []));
    const section = blocks.slice((first ?? 0) + 1, second);
    expect(section.every((block) => block.kind === 'paragraph')).toBe(true);
    expect(section.map((block) => ('text' in block ? block.text : '')).join(' ')).not.toContain(
      '€ hors taxes',
    );
  });
});

describe('the declaration on the operating conditions (Romania)', () => {
  it.each(ROMANIAN)(
    'is, for a %s, the representative’s sworn declaration for the CAEN activities of the file',
    async (form) => {
      await expectText('OPERATING_CONDITIONS_DECLARATION', fileOf(form), [
        'Declarație pe propria răspundere privind îndeplinirea condițiilor de funcționare',
        'Subsemnata doamna Camille DUPONT',
        'art. 326 din Codul penal',
        '1071',
        'principală',
        '4724',
        'secundară',
        'Legea nr. 265/2022, art. 121',
        'sanitar-veterinar',
      ]);
    },
  );
});

describe('the courtesy translations', () => {
  it.each<[DocumentSku, LegalFormId, 'fr' | 'ro', string]>([
    [
      'SUBSCRIBERS_LIST',
      'FR-SARL',
      'ro',
      'certific drept sinceră și exactă prezenta listă a subscriitorilor',
    ],
    ['FILING_MANDATE', 'FR-SAS', 'ro', 'împuternicesc pe domnul Luc BERNARD'],
    ['REGISTERED_OFFICE_PROOF', 'FR-EURL', 'ro', 'o durată care nu poate depăși cinci ani'],
    ['LEGAL_NOTICE', 'FR-SASU', 'ro', 'Anunț de constituire'],
    ['FILING_MANDATE', 'RO-SRL_SOLE', 'fr', 'donne pouvoir par les présentes à Monsieur Luc BERNARD'],
    ['REGISTERED_OFFICE_PROOF', 'RO-SRL', 'fr', 'pour un usage gratuit, les locaux situés Strada Florilor 3'],
    ['OPERATING_CONDITIONS_DECLARATION', 'RO-SRL', 'fr', 'remplit les conditions de fonctionnement'],
  ])('write %s of a %s in %s, marked as a translation', async (sku, form, language, phrase) => {
    const document = builder.build(sku, fileOf(form), { language });
    expect(document.translation).toBe(true);
    const text = squeeze((await pdfText(await writeDocument(document, 'pdf'))).text);
    expect(text).toContain(squeeze(phrase));
    expect(text).not.toMatch(/---|\||##|@sign/);
  });

  it.each<[DocumentSku, LegalFormId, string]>([
    ['SUBSCRIBERS_LIST', 'FR-SAS', 'certify this list of the subscribers and of the sums each has paid'],
    ['FILING_MANDATE', 'FR-EURL', 'give power to Mr Luc BERNARD'],
    ['REGISTERED_OFFICE_PROOF', 'FR-SASU', "for no more than five years from the company's creation"],
    ['LEGAL_NOTICE', 'FR-SARL', 'Notice of formation'],
    ['FILING_MANDATE', 'RO-SRL', 'hereby authorise Mr Luc BERNARD'],
    ['REGISTERED_OFFICE_PROOF', 'RO-SRL_SOLE', 'for use free of charge, the premises at Strada Florilor 3'],
    ['OPERATING_CONDITIONS_DECLARATION', 'RO-SRL', 'meets the operating conditions'],
  ])('write %s of a %s in English, marked as a translation', async (sku, form, phrase) => {
    const document = builder.build(sku, fileOf(form), { language: 'en' });
    expect(document.translation).toBe(true);
    const text = squeeze((await pdfText(await writeDocument(document, 'pdf'))).text);
    expect(text).toContain(squeeze(phrase));
    expect(text).toContain(squeeze('Courtesy translation'));
    expect(text).not.toMatch(/---|\||##|@sign/);
  });
});

describe('on the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  const request = (url: string, user: SignedUpUser) => server.request(url, { token: user.accessToken });
  const submit = (user: SignedUpUser, data: Values) =>
    server.request('/api/company-file/submit', {
      body: { data, version: stepsFile.version },
      token: user.accessToken,
    });
  async function owner(offer: typeof STANDARD, data: Values): Promise<SignedUpUser> {
    const user = await server.signup({ language: 'fr' });
    await buyLocally(server, user, offer);
    const response = await submit(user, data);
    expect(response.statusCode, response.body).toBe(200);
    return user;
  }
  interface Listed {
    legalForm: string | null;
    documents: { sku: string; languages: string[]; notApplicable?: string }[];
  }

  it('lists a French file’s documents only, says which do not apply, and writes those that do', async () => {
    // Rented premises, the président files herself: no attestation, no pouvoir.
    const data: Values = { ...fileOf('FR-SAS'), registeredOfficeType: 'premises' };
    delete data.filerId;
    const user = await owner(STANDARD, data);
    const list = json<Listed>(await request('/api/documents', user));
    expect(list.legalForm).toBe('FR-SAS');
    expect(list.documents.map((document) => document.sku)).toEqual([
      'LEGAL_STATUSES',
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'LIST_OF_BENEFICIARIES',
      'SUBSCRIBERS_LIST',
      'FILING_MANDATE',
      'REGISTERED_OFFICE_PROOF',
      'LEGAL_NOTICE',
    ]);
    const reasons = Object.fromEntries(
      list.documents.map((document) => [document.sku, document.notApplicable]),
    );
    expect(reasons).toEqual({
      LEGAL_STATUSES: undefined,
      CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION: undefined,
      LIST_OF_BENEFICIARIES: undefined,
      SUBSCRIBERS_LIST: undefined,
      FILING_MANDATE: 'filerIsRepresentative',
      REGISTERED_OFFICE_PROOF: 'registeredOfficeType',
      LEGAL_NOTICE: undefined,
    });
    expect(list.documents.find((document) => document.sku === 'SUBSCRIBERS_LIST')?.languages).toEqual([
      'fr',
      'en',
      'ro',
    ]);

    for (const sku of ['FILING_MANDATE', 'REGISTERED_OFFICE_PROOF']) {
      const refused = await request(`/api/documents/${sku}`, user);
      expect(refused.statusCode).toBe(422);
      expect(json(refused).message).toMatch(/does not apply to your company file/);
      expect((await request(`/api/documents/${sku}/preview`, user)).statusCode).toBe(422);
    }
    // A Romanian document has no French template.
    expect((await request('/api/documents/OPERATING_CONDITIONS_DECLARATION', user)).statusCode).toBe(422);

    for (const [sku, name] of [
      ['SUBSCRIBERS_LIST', 'liste-souscripteurs-boulangerie-dupont'],
      ['LEGAL_NOTICE', 'annonce-legale-boulangerie-dupont'],
    ] as const) {
      for (const format of ['pdf', 'docx']) {
        const response = await request(`/api/documents/${sku}?format=${format}`, user);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}.${format}"`);
      }
    }
  });

  it('lists a Romanian file’s documents, every one applying when the premises are lent and someone else files', async () => {
    const user = await owner(STANDARD, fileOf('RO-SRL'));
    const list = json<Listed>(await request('/api/documents', user));
    expect(list.documents.map((document) => [document.sku, document.notApplicable])).toEqual([
      ['LEGAL_STATUSES', undefined],
      ['CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', undefined],
      ['LIST_OF_BENEFICIARIES', undefined],
      ['FILING_MANDATE', undefined],
      ['REGISTERED_OFFICE_PROOF', undefined],
      ['OPERATING_CONDITIONS_DECLARATION', undefined],
    ]);
    const comodat = await request('/api/documents/REGISTERED_OFFICE_PROOF', user);
    expect(comodat.statusCode).toBe(200);
    expect(comodat.headers['content-disposition']).toBe(
      'attachment; filename="contract-comodat-brutaria-dumitrescu.pdf"',
    );
    expect(squeeze((await pdfText(comodat.rawPayload)).text)).toContain(squeeze('Luc BERNARD'));
    expect((await request('/api/documents/SUBSCRIBERS_LIST', user)).statusCode).toBe(422);
  });

  it('gives the new documents with Standard and Premium, and answers 403 with the starter package', async () => {
    const starter = await owner(STARTER, fileOf('FR-SARL'));
    for (const sku of NEW_SKUS) {
      const response = await request(`/api/documents/${sku}`, starter);
      expect(response.statusCode, sku).toBe(403);
      expect(json(response).message).toBe(`This document is not included in your purchases (${sku})`);
    }
    const premium = await owner(PREMIUM, fileOf('FR-SARL'));
    for (const sku of ['SUBSCRIBERS_LIST', 'FILING_MANDATE', 'REGISTERED_OFFICE_PROOF', 'LEGAL_NOTICE'])
      expect((await request(`/api/documents/${sku}`, premium)).statusCode, sku).toBe(200);
  });
});

describe('the wizard’s fields for the new documents', () => {
  let server: TestServer;
  let user: SignedUpUser;
  beforeAll(async () => {
    server = await startTestServer();
    user = await server.signup();
  }, 120_000);
  afterAll(() => server?.close());

  interface Invalid {
    errors: { step: string | null; path: string; keyword: string; params: Values }[];
  }
  const submit = (data: Values) =>
    server.request('/api/company-file/submit', {
      body: { data, version: stepsFile.version },
      token: user.accessToken,
    });

  it.each<[string, LegalFormId, (data: Values) => void, Values]>([
    [
      'a French seat kind of Romania',
      'FR-SAS',
      (data) => (data.registeredOfficeType = 'lent'),
      { step: 'company-details', path: '/registeredOfficeType', keyword: 'enum' },
    ],
    [
      'a Romanian seat kind of France',
      'RO-SRL',
      (data) => (data.registeredOfficeType = 'home'),
      { step: 'company-details', path: '/registeredOfficeType', keyword: 'enum' },
    ],
    [
      'premises lent with no owner',
      'RO-SRL',
      (data) => delete data.registeredOfficeOwnerId,
      {
        step: 'company-details',
        path: '',
        keyword: 'requiredWhen',
        params: { missingProperty: 'registeredOfficeOwnerId' },
      },
    ],
    [
      'an owner who is not in the file',
      'RO-SRL_SOLE',
      (data) => (data.registeredOfficeOwnerId = 'p42'),
      {
        step: 'company-details',
        path: '/registeredOfficeOwnerId',
        keyword: 'personRef',
        params: { reason: 'missing' },
      },
    ],
    [
      'an owner of premises in France, where the field does not exist',
      'FR-EURL',
      (data) => (data.registeredOfficeOwnerId = 'p9'),
      { path: '/registeredOfficeOwnerId', keyword: 'additionalProperties' },
    ],
    [
      'a filer who is not in the file',
      'FR-SARL',
      (data) => (data.filerId = 'p42'),
      { step: 'management', path: '/filerId', keyword: 'personRef', params: { reason: 'missing' } },
    ],
  ])('refuses %s', async (_label, form, spoil, expected) => {
    const data = fileOf(form);
    spoil(data);
    const response = await submit(data);
    expect(response.statusCode, response.body).toBe(422);
    expect(json<Invalid>(response).errors).toContainEqual(expect.objectContaining(expected));
  });

  it('refuses a company as the filer, who must be a natural person', async () => {
    const data = fileOf('RO-SRL');
    (data.persons as Values[]).push({
      id: 'p10',
      kind: 'legal',
      name: 'Formalități SRL',
      legalForm: 'SRL',
      registeredOffice: 'Strada Mare 1, Cluj-Napoca',
      country: 'RO',
      registrationNumber: 'J12/1/2020',
      representativeId: 'p9',
    });
    data.filerId = 'p10';
    const response = await submit(data);
    expect(response.statusCode, response.body).toBe(422);
    expect(json<Invalid>(response).errors).toContainEqual(
      expect.objectContaining({ path: '/filerId', keyword: 'personRef', params: { reason: 'kind' } }),
    );
  });

  it.each([...FRENCH, ...ROMANIAN])(
    'accepts a %s file with the new fields, and one without them',
    async (form) => {
      expect((await submit(fileOf(form))).statusCode).toBe(200);
      expect((await submit(completeCompanyFile(2, '2026-01-15', form))).statusCode).toBe(200);
    },
  );
});
