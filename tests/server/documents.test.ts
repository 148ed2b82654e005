/** The legal documents generated from the submitted company file (openapi: downloadDocument). */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFiles, purchases } from '../../server/db/schema';
import stepsFile from '../../schemas/wizard/steps.json';
import { createDocumentBuilder, DOCUMENT_SKUS } from '../../server/services/documents/build-document';
import { createDocumentService } from '../../server/services/documents/document-service';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { readWizardSource } from '../../src/shared/wizard-source.node.ts';
import templateManifest from '../../schemas/documents/templates.json';
import { completeCompanyFile } from '../fixtures/company-file';
import { makeCnp } from '../../src/testing/cnp';
import { buyLocally, claimsOf, json, startTestServer, type SignedUpUser, type TestServer } from './harness';
import { docxText, pdfText, squeeze } from './document-text';

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
const STARTER = { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' };

type FormId = Parameters<typeof completeCompanyFile>[2] & string;
const FORMS: FormId[] = ['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL', 'RO-SRL', 'RO-SRL_SOLE'];
const SINGLE: FormId[] = ['FR-SASU', 'FR-EURL', 'RO-SRL_SOLE'];
const SKUS = [
  'LEGAL_STATUSES',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'LIST_OF_BENEFICIARIES',
] as const;

/** The version staff gave the filing-language template of a document for a form (templates.json). */
const templateVersion = (sku: string, form: string) =>
  templateManifest.templates.find(
    (entry) =>
      entry.sku === sku &&
      entry.forms.includes(form) &&
      entry.language === (form.startsWith('RO') ? 'ro' : 'fr'),
  )?.version;

const COMPANY = 'Ștefănescu & Œufs « Façon » <b>|#';
const COMPANY_SLUG = 'stefanescu-oeufs-facon-b';

/** The CNPs of richFile's Romanians: a woman (2) and a man (1) born on 17 May 1990, in Cluj (12). */
const IOANA_CNP = makeCnp(2, '1990-05-17', '12', 31);
const STEFAN_CNP = makeCnp(1, '1990-05-17', '12', 58);

/** A person of `richFile`: who they are, then what the jurisdiction asks of them. */
type Person = Record<string, unknown>;

/**
 * The persons of `richFile`: Ioana Popescu (the founder, Romanian, with the CNP a Romanian act
 * requires), Jean O'Neil and Marie Martin (French), and Ștefan Țânțar, Romanian, a manager who holds
 * no share. Romania asks an identity document of each; France the marital status of each associate
 * and the parents' names of each manager.
 */
function richPersons(romanian: boolean): Person[] {
  const person = (fields: Person, romania: Person, france: Person) => ({
    kind: 'natural',
    ...fields,
    ...(romanian ? romania : france),
  });
  return [
    person(
      {
        id: 'p1',
        civility: 'F',
        lastName: 'Popescu',
        firstNames: 'Ioana',
        dateOfBirth: '1990-05-17',
        placeOfBirth: 'Cluj-Napoca, România',
        nationality: 'RO',
        address: '12 rue de la Paix\n75002 Paris',
      },
      {
        cnp: IOANA_CNP,
        idType: 'idCard',
        idSeries: 'KX',
        idNumber: '123456',
        idIssuedBy: 'SPCLEP Cluj-Napoca',
        idIssuedOn: '2020-06-01',
      },
      { fatherName: 'Ion Popescu', motherName: 'Maria Popescu née Ionescu', maritalStatus: 'single' },
    ),
    person(
      {
        id: 'p2',
        civility: 'M',
        lastName: "O'Neil",
        firstNames: 'Jean',
        dateOfBirth: '1982-11-03',
        placeOfBirth: 'Lyon, France',
        nationality: 'FR',
        address: '3 place Bellecour, Lyon',
      },
      {
        idType: 'passport',
        idNumber: '18FR54321',
        idIssuedBy: 'Préfecture du Rhône',
        idIssuedOn: '2018-09-12',
      },
      { maritalStatus: 'married', matrimonialRegime: 'separation' },
    ),
    person(
      {
        id: 'p3',
        civility: 'F',
        lastName: 'Martin',
        firstNames: 'Marie',
        dateOfBirth: '1975-02-28',
        placeOfBirth: 'Marseille, France',
        nationality: 'FR',
        address: '8 quai Saint-Antoine, Lyon',
      },
      {
        idType: 'passport',
        idNumber: '21FR11223',
        idIssuedBy: 'Préfecture du Rhône',
        idIssuedOn: '2021-01-20',
      },
      { maritalStatus: 'divorced' },
    ),
    person(
      {
        id: 'p4',
        civility: 'M',
        lastName: 'Țânțar',
        firstNames: 'Ștefan',
        dateOfBirth: '1990-05-17',
        placeOfBirth: 'Cluj-Napoca, România',
        nationality: 'RO',
        address: 'Strada Mărășești 7, Iași',
      },
      {
        cnp: STEFAN_CNP,
        idType: 'idCard',
        idSeries: 'MX',
        idNumber: '654321',
        idIssuedBy: 'SPCLEP Iași',
        idIssuedOn: '2021-02-10',
      },
      { fatherName: 'Vasile Țânțar', motherName: 'Elena Țânțar née Rusu' },
    ),
  ];
}

/**
 * A complete file of `form` with values worth finding: diacritics and markup in the names, 1 500 (€ or
 * lei) in 300 shares of 5, held 200 / 75 / 25 (66,67 %, 25,00 %, 8,33 %: only the first holds *more
 * than* 25 %), 175 € not paid up yet in France; one associate with all 300 shares in a single-associate
 * form; two managers where the form allows several, the second holding no share.
 */
function richFile(form: FormId = 'FR-SAS'): Record<string, unknown> {
  const base = completeCompanyFile(3, '2025-03-14', form);
  const romanian = form.startsWith('RO');
  const several = !SINGLE.includes(form);
  const twoManagers = form === 'FR-SARL' || form === 'RO-SRL';
  const [ioana, jean, marie, stefan] = richPersons(romanian) as [Person, Person, Person, Person];
  return {
    ...base,
    persons: [ioana, ...(several ? [jean, marie] : []), ...(twoManagers ? [stefan] : [])],
    companyName: COMPANY,
    shareCapital: 1500,
    numberOfShares: 300,
    managers: [{ personId: 'p1' }, ...(twoManagers ? [{ personId: 'p4' }] : [])],
    placeOfSignature: romanian ? 'Cluj-Napoca' : 'Lyon',
    subscribers: several
      ? [
          { personId: 'p1', shares: 200, subscription: 1000, paidAmount: 1000 },
          { personId: 'p2', shares: 75, subscription: 375, paidAmount: romanian ? 375 : 200 },
          { personId: 'p3', shares: 25, subscription: 125, paidAmount: 125 },
        ]
      : [{ personId: 'p1', shares: 300, subscription: 1500, paidAmount: 1500 }],
  };
}

let server: TestServer;
/** Bought the standard package (the three documents) and submitted `richFile()`. */
let owner: SignedUpUser;

const download = (sku: string, options: { token?: string; lang?: string; format?: string } = {}) => {
  const query = new URLSearchParams();
  if (options.format !== undefined) query.set('format', options.format);
  if (options.lang !== undefined) query.set('lang', options.lang);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return server.request(`/api/documents/${sku}${search}`, {
    ...(options.token === undefined ? {} : { token: options.token }),
  });
};

/** Pays an offer through the local provider's payment page. */
const buy = (user: SignedUpUser, offer: { offerSku: string; planSku: string }) =>
  buyLocally(server, user, offer);

async function submit(user: SignedUpUser, data: Record<string, unknown>) {
  const response = await server.request('/api/company-file/submit', {
    body: { data, version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ revision: number; status: string }>(response);
}

async function saveDraft(user: SignedUpUser, data: Record<string, unknown>, baseRevision: number) {
  const response = await server.request('/api/company-file/draft', {
    body: { data, step: 0, baseRevision, version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ revision: number; status: string }>(response);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signup({ language: 'fr' });
  await buy(owner, STANDARD);
  await submit(owner, richFile());
}, 120_000);
afterAll(() => server?.close());

describe('GET /api/documents/{sku}: who may download', () => {
  it('answers 401 without a token or with a bad one', async () => {
    for (const response of [
      await download('LEGAL_STATUSES'),
      await download('LEGAL_STATUSES', { token: 'not-a-jwt' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(typeof json(response).message).toBe('string');
    }
  });

  it('answers 403 for the documents the starter package does not include, and 200 for the statutes', async () => {
    const user = await server.signup();
    await buy(user, STARTER);
    await submit(user, completeCompanyFile(1, '2025-03-14'));
    for (const sku of ['CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', 'LIST_OF_BENEFICIARIES']) {
      const response = await download(sku, { token: user.accessToken });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({
        message: `This document is not included in your purchases (${sku})`,
        error: 'Forbidden',
      });
    }
    expect((await download('LEGAL_STATUSES', { token: user.accessToken })).statusCode).toBe(200);
  });

  it('answers 403 to a user who bought nothing', async () => {
    const user = await server.signup();
    await submit(user, completeCompanyFile(1, '2025-03-14'));
    expect((await download('LEGAL_STATUSES', { token: user.accessToken })).statusCode).toBe(403);
  });

  it('goes by the purchases in the database, not by the products of the token', async () => {
    const user = await server.signup();
    await submit(user, completeCompanyFile(1, '2025-03-14'));
    // Bought after this token was issued: the token lists nothing, the purchase counts.
    expect(claimsOf(user.accessToken).products).toEqual([]);
    await buy(user, STANDARD);
    expect((await download('LIST_OF_BENEFICIARIES', { token: user.accessToken })).statusCode).toBe(200);

    // Taken back (a refund): a fresh token would still list it until it expires; the database does not.
    await server.db
      .delete(purchases)
      .where(and(eq(purchases.userId, user.userId), eq(purchases.productSku, 'LIST_OF_BENEFICIARIES')));
    expect((await download('LIST_OF_BENEFICIARIES', { token: user.accessToken })).statusCode).toBe(403);
    expect((await download('LEGAL_STATUSES', { token: user.accessToken })).statusCode).toBe(200);
  });

  it('answers 409 while the company file is not submitted (never saved, or only a draft)', async () => {
    const user = await server.signup();
    await buy(user, STANDARD);
    const never = await download('LEGAL_STATUSES', { token: user.accessToken });
    expect(never.statusCode).toBe(409);
    expect(json(never)).toEqual({
      message: 'Submit your company file before downloading your documents',
      error: 'Conflict',
    });

    await saveDraft(user, completeCompanyFile(1, '2025-03-14'), 0);
    for (const sku of [
      'LEGAL_STATUSES',
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'LIST_OF_BENEFICIARIES',
    ]) {
      expect((await download(sku, { token: user.accessToken })).statusCode).toBe(409);
    }
  });

  it.each([
    ['an unknown sku', 'NOT_A_DOCUMENT', undefined, 'params/sku'],
    ['a product that is not a document', 'AI_FORM', undefined, 'params/sku'],
    ['a lowercase sku', 'legal_statuses', undefined, 'params/sku'],
    ['an unknown language', 'LEGAL_STATUSES', 'de', 'querystring/lang'],
    ['an empty language', 'LEGAL_STATUSES', '', 'querystring/lang'],
  ])('answers 400 for %s', async (_case, sku, lang, where) => {
    const response = await download(sku, {
      token: owner.accessToken,
      ...(lang === undefined ? {} : { lang }),
    });
    expect(response.statusCode).toBe(400);
    const body = json(response);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toContain(where);
  });
});

describe('GET /api/documents/{sku}: PDF/A and Word files for every legal form', () => {
  /** Users who bought everything and submitted `richFile(form)`, by form. */
  const owners = new Map<FormId, SignedUpUser>();
  const ownerOf = (form: FormId): SignedUpUser => {
    const user = owners.get(form);
    if (!user) throw new Error(`No owner of a ${form} file`);
    return user;
  };
  beforeAll(async () => {
    for (const form of FORMS) {
      const user = await server.signup({ language: form.startsWith('RO') ? 'ro' : 'fr' });
      await buy(user, STANDARD);
      await submit(user, richFile(form));
      owners.set(form, user);
    }
  }, 240_000);

  /**
   * How the filing copy identifies each person of `richFile`, as the deed's parties (C. civ. 1832-2 for
   * the marital status; Legea 31/1990 art. 7 lit. a) for the ID document and CNP): civility, first
   * names, birth name in capitals, agreeing with the civility (née, născută, identificată).
   */
  const IDENTITIES: Record<'fr' | 'ro', Record<'ioana' | 'jean' | 'marie' | 'stefan', string>> = {
    fr: {
      ioana:
        'Madame Ioana POPESCU, née le 17 mai 1990 à Cluj-Napoca, România, de nationalité roumaine, demeurant 12 rue de la Paix 75002 Paris, célibataire',
      jean: "Monsieur Jean O'NEIL, né le 3 novembre 1982 à Lyon, France, de nationalité française, demeurant 3 place Bellecour, Lyon, marié sous le régime de la séparation de biens",
      marie:
        'Madame Marie MARTIN, née le 28 février 1975 à Marseille, France, de nationalité française, demeurant 8 quai Saint-Antoine, Lyon, divorcée',
      // A manager who is no associate: France asks no marital status of him.
      stefan:
        'Monsieur Ștefan ȚÂNȚAR, né le 17 mai 1990 à Cluj-Napoca, România, de nationalité roumaine, demeurant Strada Mărășești 7, Iași',
    },
    ro: {
      ioana: `doamna Ioana POPESCU, de cetățenie română, născută la data de 17 mai 1990 în Cluj-Napoca, România, cu domiciliul în 12 rue de la Paix 75002 Paris, identificată cu cartea de identitate seria KX nr. 123456, eliberată de SPCLEP Cluj-Napoca la data de 1 iunie 2020, CNP ${IOANA_CNP}`,
      jean: "domnul Jean O'NEIL, de cetățenie franceză, născut la data de 3 noiembrie 1982 în Lyon, France, cu domiciliul în 3 place Bellecour, Lyon, identificat cu pașaportul nr. 18FR54321, eliberat de Préfecture du Rhône la data de 12 septembrie 2018",
      marie:
        'doamna Marie MARTIN, de cetățenie franceză, născută la data de 28 februarie 1975 în Marseille, France, cu domiciliul în 8 quai Saint-Antoine, Lyon, identificată cu pașaportul nr. 21FR11223, eliberat de Préfecture du Rhône la data de 20 ianuarie 2021',
      stefan: `domnul Ștefan ȚÂNȚAR, de cetățenie română, născut la data de 17 mai 1990 în Cluj-Napoca, România, cu domiciliul în Strada Mărășești 7, Iași, identificat cu cartea de identitate seria MX nr. 654321, eliberată de SPCLEP Iași la data de 10 februarie 2021, CNP ${STEFAN_CNP}`,
    },
  };

  /** What each document must show of `richFile(form)`, in the filing language. */
  function expectedValues(form: FormId, sku: (typeof SKUS)[number]): string[] {
    const romanian = form.startsWith('RO');
    const several = !SINGLE.includes(form);
    const twoManagers = form === 'FR-SARL' || form === 'RO-SRL';
    const money = (amount: string) => (romanian ? `${amount} lei` : `${amount} €`);
    const thousands = romanian ? '1.500,00' : '1 500,00';
    const date = romanian ? '14 martie 2025' : '14 mars 2025';
    const place = romanian ? 'Cluj-Napoca' : 'Lyon';
    const identity = IDENTITIES[romanian ? 'ro' : 'fr'];
    // In the tables of capital, the name as typed.
    const associates = several ? ['Ioana Popescu', "Jean O'Neil", 'Marie Martin'] : ['Ioana Popescu'];
    const percents = several ? ['66,67 %', '25,00 %', '8,33 %'] : ['100,00 %'];
    switch (sku) {
      case 'LEGAL_STATUSES':
        return [
          COMPANY,
          money(thousands),
          romanian ? 'o mie cinci sute de lei' : 'mille cinq cents euros',
          '300',
          money('5,00'),
          // The parties, then the managers: each fully identified.
          identity.ioana,
          ...(several ? [identity.jean, identity.marie] : []),
          ...associates,
          '12 rue de la Paix',
          '75002 Paris',
          ...(twoManagers ? [identity.stefan] : []),
          date,
          place,
          ...(romanian ? ['1071', 'Fabricarea pâinii', '4724'] : ['99 ans']),
          ...(form === 'FR-SAS' || form === 'FR-SARL' ? [money('1 325,00'), money('175,00')] : []),
        ];
      case 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION':
        return [
          COMPANY,
          // One declaration per manager, each heading "Nom de naissance et prénoms" / "Nume și prenume".
          'POPESCU Ioana',
          ...(twoManagers ? ['ȚÂNȚAR Ștefan', 'Strada Mărășești 7, Iași'] : []),
          '17 mai 1990',
          'Cluj-Napoca, România',
          // The nationality as an adjective ("Cetățenie: română"), not the country.
          romanian ? 'română' : 'roumaine',
          ...(romanian
            ? [
                'cartea de identitate seria KX nr. 123456, eliberată de SPCLEP Cluj-Napoca la data de 1 iunie 2020',
                `CNP ${IOANA_CNP}`,
                ...(twoManagers ? [`CNP ${STEFAN_CNP}`] : []),
              ]
            : [
                'Ion Popescu',
                'Maria Popescu née Ionescu',
                ...(twoManagers ? ['Vasile Țânțar', 'Elena Țânțar née Rusu'] : []),
              ]),
          date,
        ];
      case 'LIST_OF_BENEFICIARIES':
        return [
          COMPANY,
          ...associates,
          ...percents,
          '100,00 %',
          // The beneficial owner: Ioana Popescu alone, by her birth name and her first names.
          'POPESCU Ioana',
          '17 mai 1990',
          ...(romanian ? [`CNP ${IOANA_CNP}`] : []),
          date,
        ];
    }
  }

  describe.each(FORMS)('%s', (form) => {
    it.each(SKUS)('%s as PDF/A: the sample file’s values, fonts embedded, traceable', async (sku) => {
      const user = ownerOf(form);
      const response = await download(sku, { token: user.accessToken, format: 'pdf' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="[a-z-]+-${COMPANY_SLUG}\\.pdf"$`),
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // The PDF/A-2b identification, in the XMP metadata.
      expect(pdf.toString('latin1')).toMatch(
        /<pdfaid:part>2<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/,
      );
      const { text, pages, info } = await pdfText(pdf);
      for (const value of expectedValues(form, sku)) expect(squeeze(text)).toContain(squeeze(value));
      // Every page carries its number out of the total.
      const pageWord = form.startsWith('RO') ? 'Pagina' : 'Page';
      const between = form.startsWith('RO') ? 'din' : 'sur';
      for (let page = 1; page <= pages; page += 1)
        expect(squeeze(text)).toContain(squeeze(`${pageWord} ${page} ${between} ${pages}`));
      expect(info.Custom).toMatchObject({
        TemplateVersion: templateVersion(sku, form),
        AnswersSHA256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    });

    it.each(SKUS)('%s as Word: the same values, a footer with the page fields', async (sku) => {
      const user = ownerOf(form);
      const response = await download(sku, { token: user.accessToken, format: 'docx' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(response.headers['content-disposition']).toMatch(/\.docx"$/);
      const { body, footer, custom } = docxText(response.rawPayload);
      for (const value of expectedValues(form, sku)) expect(squeeze(body)).toContain(squeeze(value));
      expect(footer).toMatch(form.startsWith('RO') ? /Pagina .*din/ : /Page .*sur/);
      expect(custom).toContain('AnswersSHA256');
    });
  });

  it('writes one declaration per manager, on its own page', async () => {
    const response = await download('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', {
      token: ownerOf('FR-SARL').accessToken,
    });
    const { text, pages } = await pdfText(response.rawPayload);
    // Each page shows the title once in its body and once in its footer.
    expect(pages).toBe(2);
    expect(squeeze(text).match(/Déclarationsurl.honneurdenon-condamnationetdefiliation/g)).toHaveLength(4);
    expect(squeeze(text)).toContain(squeeze('ȚÂNȚAR Ștefan'));
  });

  it('names as beneficial owners those holding more than 25 %, not exactly 25 %', async () => {
    const response = await download('LIST_OF_BENEFICIARIES', { token: ownerOf('FR-SAS').accessToken });
    const { text } = await pdfText(response.rawPayload);
    expect(text).toContain('Bénéficiaire effectif n° 1');
    expect(text).not.toContain('Bénéficiaire effectif n° 2');
    expect(squeeze(text)).toContain(squeeze('plus de 25 %'));
  });

  it('calls a single associate "l’associé unique", never "les associés"', async () => {
    const { text } = await pdfText(
      (await download('LEGAL_STATUSES', { token: ownerOf('FR-SASU').accessToken })).rawPayload,
    );
    expect(text).toContain("l'associé unique");
    expect(text).not.toMatch(/Les associés (décident|désignent|apportent)/);
  });

  it('cites no French article in a Romanian document', async () => {
    for (const sku of SKUS) {
      const { text } = await pdfText(
        (await download(sku, { token: ownerOf('RO-SRL').accessToken })).rawPayload,
      );
      expect(text).not.toMatch(/Code de commerce|L\. 2\d\d-/);
      expect(text).toContain('Legea nr.');
    }
  });

  it('names an SRL’s deed the act constitutiv, a sole associate’s the statut, in each language', async () => {
    const cases: { form: FormId; lang?: string; file: string; title: string }[] = [
      { form: 'RO-SRL', file: 'act-constitutiv', title: 'Actul constitutiv al societății' },
      { form: 'RO-SRL_SOLE', file: 'statut', title: 'Statutul societății' },
      {
        form: 'RO-SRL',
        lang: 'fr',
        file: 'acte-constitutif-traduction',
        title: 'Acte constitutif de la société',
      },
      { form: 'RO-SRL_SOLE', lang: 'fr', file: 'statuts-traduction', title: 'Statuts de la société' },
      {
        form: 'RO-SRL',
        lang: 'en',
        file: 'articles-of-association-translation',
        title: 'Articles of association (act constitutiv) of',
      },
      {
        form: 'RO-SRL_SOLE',
        lang: 'en',
        file: 'articles-of-association-translation',
        title: 'Articles of association (statut) of',
      },
    ];
    for (const { form, lang, file, title } of cases) {
      const response = await download('LEGAL_STATUSES', {
        token: ownerOf(form).accessToken,
        ...(lang ? { lang } : {}),
      });
      expect(response.headers['content-disposition'], `${form} ${lang}`).toBe(
        `attachment; filename="${file}-${COMPANY_SLUG}.pdf"`,
      );
      const { text } = await pdfText(response.rawPayload);
      expect(squeeze(text), `${form} ${lang}`).toContain(squeeze(title));
      expect(text).not.toMatch(/\bstatute\b|(?<!\p{L})acțiun/iu);
    }
  });

  it('writes a courtesy translation in the asked language, marked as such on every page', async () => {
    const cases: { form: FormId; lang: string; banner: string; name: string }[] = [
      {
        form: 'FR-SAS',
        lang: 'en',
        banner: 'Courtesy translation: only the French version is authentic.',
        name: `articles-of-association-translation-${COMPANY_SLUG}`,
      },
      {
        form: 'FR-SARL',
        lang: 'ro',
        banner: 'Traducere de curtoazie: numai versiunea în limba franceză este autentică.',
        name: `statut-traducere-${COMPANY_SLUG}`,
      },
      {
        form: 'RO-SRL',
        lang: 'fr',
        banner: 'Traduction de courtoisie : seule la version en roumain fait foi.',
        name: `acte-constitutif-traduction-${COMPANY_SLUG}`,
      },
      {
        form: 'RO-SRL_SOLE',
        lang: 'en',
        banner: 'Courtesy translation: only the Romanian version is authentic.',
        name: `articles-of-association-translation-${COMPANY_SLUG}`,
      },
    ];
    for (const { form, lang, banner, name } of cases) {
      const token = ownerOf(form).accessToken;
      const filing = await pdfText((await download('LEGAL_STATUSES', { token })).rawPayload);
      const pdf = await download('LEGAL_STATUSES', { token, lang });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${name}.pdf"`);
      const { text, pages, info } = await pdfText(pdf.rawPayload);
      expect(text.split(banner).length - 1, `${form} in ${lang}`).toBe(pages);
      expect(filing.text).not.toContain(banner);
      expect(info.Custom).toMatchObject({ TemplateFile: expect.stringMatching(new RegExp(`/${lang}/`)) });
      // The same facts as the filing copy: the company and every associate.
      for (const value of ['Ioana Popescu', COMPANY]) expect(squeeze(text)).toContain(squeeze(value));
      const docx = await download('LEGAL_STATUSES', { token, lang, format: 'docx' });
      expect(docx.statusCode).toBe(200);
      const word = docxText(docx.rawPayload);
      expect(word.header).toContain(banner);
      expect(word.body).not.toContain(banner);
      expect(squeeze(word.body)).toContain(squeeze(COMPANY));
    }
  });

  it('answers 422 when staff have written no template of the document in the asked language', async () => {
    // A copy of the templates where the Romanian documents have no English translation.
    const root = mkdtempSync(join(tmpdir(), 'kreo-templates-'));
    try {
      cpSync('schemas/documents', join(root, 'schemas/documents'), { recursive: true });
      const manifestPath = join(root, 'schemas/documents/templates.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        templates: { file: string; language: string }[];
      };
      manifest.templates = manifest.templates.filter(
        (entry) => !(entry.file.startsWith('ro/') && entry.language === 'en'),
      );
      writeFileSync(manifestPath, JSON.stringify(manifest));
      const builder = createDocumentBuilder({
        legalForms: resolveWizard(readWizardSource(process.cwd())).legalForms,
        caenClasses: [],
        root,
      });
      const user = await server.signup();
      const documents = createDocumentService({
        db: server.db, // for the purchases: the preview withholds what the user has not bought
        builder,
        submittedData: () => Promise.resolve(richFile('RO-SRL')),
        currentData: () => Promise.resolve(richFile('RO-SRL')),
      });
      await expect(documents.preview(user.userId, 'LEGAL_STATUSES', 'en')).rejects.toMatchObject({
        statusCode: 422,
        message: 'No template for LEGAL_STATUSES of a RO-SRL company in en',
      });
      const list = await documents.list(user.userId, ['LEGAL_STATUSES']);
      expect(list).toEqual({
        legalForm: 'RO-SRL',
        filingLanguage: 'ro',
        documents: [{ sku: 'LEGAL_STATUSES', languages: ['ro', 'fr'] }],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a name the fonts cannot print with 422, naming the field in the user’s language (review D7)', async () => {
    const user = await server.signup({ language: 'ro' });
    await buy(user, STANDARD);
    const file = richFile('FR-SAS');
    const persons = file.persons as Person[];
    persons[1] = { ...persons[1], lastName: '王' };
    await submit(user, file);
    for (const [language, words] of [
      ['ro', '„Persoana 2 – Numele de familie (la naștere)” conține caractere'],
      ['fr', '« Personne 2 – Nom de naissance » contient des caractères'],
    ] as const) {
      const response = await server.request('/api/documents/LEGAL_STATUSES', {
        token: user.accessToken,
        headers: { 'accept-language': language },
      });
      expect(response.statusCode, response.body).toBe(422);
      const body = json<{ message: string; code: string }>(response);
      expect(body.code).toBe('UNPRINTABLE_CHARACTERS');
      expect(body.message).toContain(words);
      expect(body.message).toContain('王');
    }
  });

  it('embeds every font, subset, as PDF/A requires (pdffonts, from poppler-utils)', async () => {
    const response = await download('LEGAL_STATUSES', { token: ownerOf('RO-SRL').accessToken });
    const path = join(tmpdir(), `kreo-fonts-${process.pid}.pdf`);
    writeFileSync(path, response.rawPayload);
    try {
      const lines = execFileSync('pdffonts', [path], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines)
        expect(line).toMatch(/\+DejaVuSerif\S*\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    } finally {
      rmSync(path, { force: true });
    }
  });

  it('answers 400 for an unknown format', async () => {
    const response = await download('LEGAL_STATUSES', { token: owner.accessToken, format: 'html' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toContain('querystring/format');
  });
});

describe('a company name saved with its legal form, before the wizard refused that', () => {
  /** A user who bought the documents of a file submitted as `data`, stored as an older app stored it. */
  async function ownerOfOldFile(data: Record<string, unknown>): Promise<SignedUpUser> {
    const user = await server.signup({ language: 'ro' });
    await buy(user, STANDARD);
    await server.db.insert(companyFiles).values({
      userId: user.userId,
      revision: 1,
      step: stepsFile.steps.length - 1,
      data,
      version: stepsFile.version,
      submittedData: data,
      submittedVersion: stepsFile.version,
      submittedRevision: 1,
      submittedAt: new Date(),
    });
    return user;
  }
  const occurrences = (text: string, word: string) => squeeze(text).split(squeeze(word)).length - 1;

  it('prints "SRL" once after "Brutăria SRL", in the title, article 1 and every footer', async () => {
    const user = await ownerOfOldFile({ ...richFile('RO-SRL'), companyName: 'Brutăria SRL' });
    for (const sku of SKUS) {
      const { text, pages } = await pdfText(
        (await download(sku, { token: user.accessToken, format: 'pdf' })).rawPayload,
      );
      expect(squeeze(text), sku).not.toMatch(/SRLSRL/);
      expect(squeeze(text), sku).toContain(squeeze('Brutăria SRL'));
      if (sku === 'LEGAL_STATUSES') {
        expect(squeeze(text)).toContain(squeeze('Actul constitutiv al societății Brutăria SRL'));
        expect(squeeze(text)).toContain(squeeze('Denumirea societății este Brutăria SRL.'));
        // The title in the body, then in the footer of each page.
        expect(occurrences(text, 'Actul constitutiv al societății Brutăria SRL')).toBe(pages + 1);
      }
    }
    const word = docxText(
      (await download('LEGAL_STATUSES', { token: user.accessToken, format: 'docx' })).rawPayload,
    );
    expect(squeeze(word.body + word.footer)).not.toMatch(/SRLSRL/);
    expect(squeeze(word.footer)).toContain(squeeze('Brutăria SRL'));
  });

  it('prints a French name saved with "SAS" without it, where the statuts give the form', async () => {
    const user = await ownerOfOldFile({ ...richFile('FR-SAS'), companyName: 'Boulangerie Dupont S.A.S.' });
    const { text } = await pdfText(
      (await download('LEGAL_STATUSES', { token: user.accessToken })).rawPayload,
    );
    expect(squeeze(text)).toContain(squeeze('La société a pour dénomination : Boulangerie Dupont.'));
    expect(squeeze(text)).not.toContain('S.A.S.');
  });

  it('shows the draft’s preview with the name once too', async () => {
    const user = await server.signup();
    await saveDraft(user, { ...richFile('RO-SRL_SOLE'), companyName: 'Brutăria S.R.L.' }, 0);
    const response = await server.request('/api/documents/LEGAL_STATUSES/preview', {
      token: user.accessToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ title: string }>(response).title).toBe('Statutul societății Brutăria SRL');
  });
});

describe('GET /api/documents/{sku}/preview', () => {
  const preview = (sku: string, token?: string) =>
    server.request(`/api/documents/${sku}/preview`, { ...(token === undefined ? {} : { token }) });

  it('answers 401 without a token and 409 before any answer', async () => {
    expect((await preview('LEGAL_STATUSES')).statusCode).toBe(401);
    const user = await server.signup();
    const response = await preview('LEGAL_STATUSES', user.accessToken);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Start your company file to preview your documents');
  });

  it('shows a draft to a user who bought nothing, from the current answers', async () => {
    const user = await server.signup();
    const data = { ...richFile('RO-SRL'), companyName: 'Ciornă Nouă' };
    await saveDraft(user, data, 0);
    const response = await preview('LEGAL_STATUSES', user.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = json<{
      title: string;
      language: string;
      translation: boolean;
      blocks: { kind: string; text?: string }[];
    }>(response);
    expect(body.title).toBe('Actul constitutiv al societății Ciornă Nouă SRL');
    expect(body.language).toBe('ro');
    expect(body.translation).toBe(false);
    expect(body.blocks.filter((block) => block.kind === 'heading').length).toBeGreaterThan(8);
  });

  it('prints a line to fill in where a draft has no answer yet', async () => {
    const user = await server.signup();
    await saveDraft(user, { jurisdiction: 'FR', legalForm: 'SASU', currency: 'EUR' }, 0);
    const response = await preview('LIST_OF_BENEFICIARIES', user.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('…………………');
  });
});

describe('GET /api/documents', () => {
  const list = (token?: string) =>
    server.request('/api/documents', { ...(token === undefined ? {} : { token }) });

  it('answers 401 without a token, and no language before a legal form is chosen', async () => {
    expect((await list()).statusCode).toBe(401);
    const user = await server.signup();
    const response = await list(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      legalForm: null,
      filingLanguage: null,
      // Before a country is chosen, every document (the page shows every card until it knows the form).
      documents: DOCUMENT_SKUS.map((sku) => ({ sku, languages: [] })),
    });
  });

  it('names the filing language first, then the translations, from the current answers', async () => {
    const user = await server.signup();
    await saveDraft(user, { jurisdiction: 'RO', legalForm: 'SRL', currency: 'RON' }, 0);
    const response = await list(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = json<{
      legalForm: string;
      filingLanguage: string;
      documents: { sku: string; languages: string[] }[];
    }>(response);
    // The form names the documents on the page (an SRL's act constitutiv).
    expect(body.legalForm).toBe('RO-SRL');
    expect(body.filingLanguage).toBe('ro');
    for (const document of body.documents) expect(document.languages).toEqual(['ro', 'fr', 'en']);
    const french = json<{ filingLanguage: string; documents: { languages: string[] }[] }>(
      await list(owner.accessToken),
    );
    expect(french.filingLanguage).toBe('fr');
    for (const document of french.documents) expect(document.languages).toEqual(['fr', 'en', 'ro']);
  });
});
