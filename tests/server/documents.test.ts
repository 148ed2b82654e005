/** The legal documents generated from the submitted company file (openapi: downloadDocument). */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFiles, purchases } from '../../server/db/schema';
import { completeCompanyFile, versionOneCompanyFile } from '../fixtures/company-file';
import { claimsOf, htmlText, json, startTestServer, type SignedUpUser, type TestServer } from './harness';

type Language = 'fr' | 'en' | 'ro';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardholder: 'C. Dupont' };
const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
const STARTER = { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' };

const COMPANY = 'Dupont <script>alert(1)</script> & Fils';
const COMPANY_ESCAPED = 'Dupont &lt;script&gt;alert(1)&lt;/script&gt; &amp; Fils';
const COMPANY_SLUG = 'dupont-script-alert-1-script-fils';

/** The first manager of the sample file (the president of a SAS). */
const firstManager = () => (completeCompanyFile().managers as Record<string, unknown>[])[0];

/**
 * A complete file with values worth checking: markup in the names, a Romanian founder, 1 500 € in
 * 300 shares (5 € each) held 200 / 75 / 25 (66.67 %, 25 %, 8.33 %), 175 € not paid up yet.
 */
function richFile(): Record<string, unknown> {
  return {
    ...completeCompanyFile(1, '2025-03-14'),
    fullName: 'Ioana "Nana" Popescu',
    nationality: 'RO',
    placeOfBirth: 'Cluj-Napoca, România',
    fatherName: 'Ion Popescu',
    motherName: 'Maria Popescu née Ionescu',
    companyName: COMPANY,
    shareCapital: 1500,
    numberOfShares: 300,
    managers: [{ ...firstManager(), name: 'Ioana Popescu' }],
    placeOfSignature: 'Lyon',
    subscribers: [
      {
        name: 'Ioana Popescu',
        address: '12 rue de la Paix\n75002 Paris',
        shares: 200,
        subscription: 1000,
        paidAmount: 1000,
      },
      {
        name: "Jean O'Neil",
        address: '3 place Bellecour, Lyon',
        shares: 75,
        subscription: 375,
        paidAmount: 200,
      },
      {
        name: 'Marie Martin',
        address: '8 quai Saint-Antoine, Lyon',
        shares: 25,
        subscription: 125,
        paidAmount: 125,
      },
    ],
  };
}

let server: TestServer;
/** Bought the standard package (the three documents) and submitted `richFile()`. */
let owner: SignedUpUser;

const download = (sku: string, options: { token?: string; lang?: string } = {}) =>
  server.request(`/api/documents/${sku}${options.lang === undefined ? '' : `?lang=${options.lang}`}`, {
    ...(options.token === undefined ? {} : { token: options.token }),
  });

/** Pays an offer through the local provider's payment page. */
async function buy(user: SignedUpUser, offer: { offerSku: string; planSku: string }) {
  const session = await server.request('/api/checkout/create-session', {
    body: offer,
    token: user.accessToken,
  });
  expect(session.statusCode, session.body).toBe(200);
  const id = new URL(json<{ url: string }>(session).url).pathname.split('/').at(-1) ?? '';
  const paid = await server.app.inject({
    method: 'POST',
    url: `/checkout/local/${id}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(GOOD_CARD).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
}

async function submit(user: SignedUpUser, data: Record<string, unknown>) {
  const response = await server.request('/api/company-file/submit', {
    body: { data },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ revision: number; status: string }>(response);
}

async function saveDraft(user: SignedUpUser, data: Record<string, unknown>, baseRevision: number) {
  const response = await server.request('/api/company-file/draft', {
    body: { data, step: 0, baseRevision },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ revision: number; status: string }>(response);
}

/** The words of a document as a reader sees them: tags as spaces, entities decoded, spaces collapsed. */
const plainText = (html: string) => htmlText(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

/** The cells of the body rows of the document's table(s), as text. */
function bodyRows(html: string): string[][] {
  const tbodies = [...html.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].map((match) => match[1] ?? '');
  return tbodies.flatMap((tbody) =>
    [...tbody.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...(row[1] ?? '').matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((cell) =>
        htmlText((cell[1] ?? '').replace(/<[^>]+>/g, '')).trim(),
      ),
    ),
  );
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

describe('GET /api/documents/{sku}: the documents', () => {
  it.each(['LEGAL_STATUSES', 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', 'LIST_OF_BENEFICIARIES'])(
    'sends %s as a self-contained, printable HTML attachment that nothing may cache or run',
    async (sku) => {
      const response = await download(sku, { token: owner.accessToken });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.html"$/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("style-src 'unsafe-inline'");

      const html = response.body;
      expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
      expect(html).toContain('<meta charset="utf-8">');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('@page{size:A4');
      expect(html).toContain('serif');
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
      // Nothing to load or run: no script, no link, no image, no external URL.
      expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|@import|url\(|https?:/i);
      // The company name's markup is text.
      expect(html).toContain(COMPANY_ESCAPED);
    },
  );

  const STATUTES: Record<Language, { file: string; texts: string[] }> = {
    fr: {
      file: `statuts-${COMPANY_SLUG}.html`,
      texts: [
        `Statuts de ${COMPANY}`,
        'Société par actions simplifiée au capital de 1 500,00 €',
        'Article 1 – Forme et dénomination',
        'Article 2 – Objet social',
        'Bakery and pastry, production and retail.',
        'Article 3 – Siège social',
        'Article 4 – Durée',
        'La durée de la société est fixée à 99 ans',
        'Le capital social est fixé à la somme de 1 500,00 €.',
        "Il est divisé en 300 actions nominatives d'une valeur nominale de 5,00 € chacune",
        'Article 6 – Apports',
        'La somme totale libérée, soit 1 325,00 €, a été déposée',
        'Le solde, soit 175,00 €, sera libéré',
        'Article 7 – Président',
        'Le premier Président de la société, nommé pour une durée illimitée, est :',
        'Article 8 – Exercice social',
        'se termine le 31 décembre 2025.',
        'Fait à Lyon, le 14 mars 2025,',
      ],
    },
    en: {
      file: `statutes-${COMPANY_SLUG}.html`,
      texts: [
        `Articles of association of ${COMPANY}`,
        'Simplified joint-stock company (SAS) with a share capital of €1,500.00',
        'Article 1 – Form and name',
        'The company is formed for a term of 99 years',
        'The share capital is set at €1,500.00.',
        'It is divided into 300 registered shares with a nominal value of €5.00 each',
        'The total amount paid up, namely €1,325.00, has been deposited',
        'The balance, namely €175.00, shall be paid up',
        "The company's first President, appointed for an unlimited term, is:",
        'ends on 31 December 2025.',
        'Done at Lyon, on 14 March 2025,',
      ],
    },
    ro: {
      file: `statut-${COMPANY_SLUG}.html`,
      texts: [
        `Statutul societății ${COMPANY}`,
        'Societate pe acțiuni simplificată (SAS) cu un capital social de 1.500,00 €',
        'Articolul 1 – Forma și denumirea',
        'Durata societății este de 99 de ani',
        'Capitalul social este stabilit la suma de 1.500,00 €.',
        'Acesta este împărțit în 300 de acțiuni nominative, cu o valoare nominală de 5,00 € fiecare',
        'Suma totală vărsată, respectiv 1.325,00 €, a fost depusă',
        'Restul, respectiv 175,00 €, va fi vărsat',
        'Primul Președinte al societății, numit pe durată nelimitată, este:',
        'se încheie la 31 decembrie 2025.',
        'Întocmit la Lyon, la data de 14 martie 2025,',
      ],
    },
  };

  it.each(['fr', 'en', 'ro'] as const)('writes the statutes in %s from the submitted file', async (lang) => {
    const response = await download('LEGAL_STATUSES', { token: owner.accessToken, lang });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${STATUTES[lang].file}"`);
    expect(response.body).toContain(`<html lang="${lang}">`);
    const text = plainText(response.body);
    for (const expected of STATUTES[lang].texts) expect(text).toContain(expected);

    // The contributions, then the totals; the founder's markup-like name escaped.
    const money = lang === 'en' ? (n: string) => `€${n}` : (n: string) => `${n} €`;
    const [thousand, amount375, amount200, amount125] =
      lang === 'en'
        ? ['1,000.00', '375.00', '200.00', '125.00']
        : lang === 'fr'
          ? ['1 000,00', '375,00', '200,00', '125,00']
          : ['1.000,00', '375,00', '200,00', '125,00'];
    expect(bodyRows(response.body)).toEqual([
      ['Ioana Popescu', '12 rue de la Paix\n75002 Paris', '200', money(thousand), money(thousand)],
      ["Jean O'Neil", '3 place Bellecour, Lyon', '75', money(amount375), money(amount200)],
      ['Marie Martin', '8 quai Saint-Antoine, Lyon', '25', money(amount125), money(amount125)],
    ]);
    expect(response.body).toContain('Jean O&#39;Neil');
    // Every subscriber signs.
    expect(response.body.match(/class="signature"/g)).toHaveLength(3);
  });

  const CERTIFICATES: Record<Language, { file: string; texts: string[] }> = {
    fr: {
      file: `declaration-non-condamnation-filiation-${COMPANY_SLUG}.html`,
      texts: [
        "Déclaration sur l'honneur de non-condamnation et de filiation",
        `En vue de l'immatriculation de la société ${COMPANY}`,
        'Je soussigné(e) :',
        'Nom et prénoms Ioana "Nana" Popescu',
        'Date de naissance 17 mai 1990',
        'Lieu de naissance Cluj-Napoca, România',
        'Nationalité Roumanie',
        'Adresse 12 rue de la Paix, 75002 Paris, France',
        'Nom et prénoms du père Ion Popescu',
        'Nom de naissance et prénoms de la mère Maria Popescu née Ionescu',
        "n'avoir fait l'objet d'aucune condamnation pénale ni de sanction civile ou administrative",
        'Fait à Lyon, le 14 mars 2025.',
      ],
    },
    en: {
      file: `non-conviction-and-affiliation-declaration-${COMPANY_SLUG}.html`,
      texts: [
        'Sworn declaration of non-conviction and affiliation',
        'Full name Ioana "Nana" Popescu',
        'Date of birth 17 May 1990',
        'Nationality Romania',
        "Father's full name Ion Popescu",
        'that I have not been subject to any criminal conviction',
        'Done at Lyon, on 14 March 2025.',
      ],
    },
    ro: {
      file: `declaratie-necondamnare-filiatie-${COMPANY_SLUG}.html`,
      texts: [
        'Declarație pe propria răspundere de necondamnare și de filiație',
        'Nume și prenume Ioana "Nana" Popescu',
        'Data nașterii 17 mai 1990',
        'Cetățenia România',
        'Numele și prenumele tatălui Ion Popescu',
        'că nu am făcut obiectul niciunei condamnări penale',
        'Întocmit la Lyon, la data de 14 martie 2025.',
      ],
    },
  };

  it.each(['fr', 'en', 'ro'] as const)('writes the founder’s declaration in %s', async (lang) => {
    const response = await download('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', {
      token: owner.accessToken,
      lang,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${CERTIFICATES[lang].file}"`);
    expect(response.body).toContain(`<html lang="${lang}">`);
    expect(response.body).toContain('Ioana &quot;Nana&quot; Popescu');
    const text = plainText(response.body);
    for (const expected of CERTIFICATES[lang].texts) expect(text).toContain(expected);
  });

  const BENEFICIARIES: Record<Language, { file: string; rows: string[][]; texts: string[] }> = {
    fr: {
      file: `beneficiaires-effectifs-${COMPANY_SLUG}.html`,
      rows: [
        ['Ioana Popescu', '12 rue de la Paix\n75002 Paris', '200', '66,67 %', 'Oui'],
        ["Jean O'Neil", '3 place Bellecour, Lyon', '75', '25,00 %', 'Oui'],
        ['Marie Martin', '8 quai Saint-Antoine, Lyon', '25', '8,33 %', 'Non'],
      ],
      texts: [
        'Déclaration des bénéficiaires effectifs',
        'Capital social 1 500,00 €',
        'Représentant légal Ioana Popescu',
        'au moins 25 % du capital ou des droits de vote',
        'Fait à Lyon, le 14 mars 2025.',
      ],
    },
    en: {
      file: `beneficial-owners-${COMPANY_SLUG}.html`,
      rows: [
        ['Ioana Popescu', '12 rue de la Paix\n75002 Paris', '200', '66.67%', 'Yes'],
        ["Jean O'Neil", '3 place Bellecour, Lyon', '75', '25.00%', 'Yes'],
        ['Marie Martin', '8 quai Saint-Antoine, Lyon', '25', '8.33%', 'No'],
      ],
      texts: [
        'Declaration of beneficial owners',
        'Share capital €1,500.00',
        "at least 25% of the company's capital or voting rights",
        'Done at Lyon, on 14 March 2025.',
      ],
    },
    ro: {
      file: `beneficiari-reali-${COMPANY_SLUG}.html`,
      rows: [
        ['Ioana Popescu', '12 rue de la Paix\n75002 Paris', '200', '66,67 %', 'Da'],
        ["Jean O'Neil", '3 place Bellecour, Lyon', '75', '25,00 %', 'Da'],
        ['Marie Martin', '8 quai Saint-Antoine, Lyon', '25', '8,33 %', 'Nu'],
      ],
      texts: [
        'Declarația privind beneficiarii reali',
        'Capital social 1.500,00 €',
        'cel puțin 25 % din capitalul sau din drepturile de vot',
        'Întocmit la Lyon, la data de 14 martie 2025.',
      ],
    },
  };

  it.each(['fr', 'en', 'ro'] as const)(
    'declares the beneficial owners in %s, with computed percentages',
    async (lang) => {
      const response = await download('LIST_OF_BENEFICIARIES', { token: owner.accessToken, lang });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${BENEFICIARIES[lang].file}"`,
      );
      expect(response.body).toContain(`<html lang="${lang}">`);
      const rows = bodyRows(response.body);
      // The company's identity table, then the holders.
      expect(rows.slice(-3)).toEqual(BENEFICIARIES[lang].rows);
      expect(response.body.match(/<tr class="owner">/g)).toHaveLength(2);
      const text = plainText(response.body);
      for (const expected of BENEFICIARIES[lang].texts) expect(text).toContain(expected);
      expect(text).toContain(lang === 'en' ? 'Total 300 100.00%' : 'Total 300 100,00 %');
    },
  );

  it('writes a file submitted before jurisdictions (version 1) as it reads now, its president included', async () => {
    const user = await server.signup();
    await buy(user, STANDARD);
    const old = versionOneCompanyFile();
    await server.db.insert(companyFiles).values({
      userId: user.userId,
      revision: 1,
      step: 4,
      data: old,
      version: 1,
      submittedData: old,
      submittedRevision: 1,
      submittedAt: new Date(),
    });
    const response = await download('LIST_OF_BENEFICIARIES', { token: user.accessToken, lang: 'fr' });
    expect(response.statusCode, response.body).toBe(200);
    expect(plainText(response.body)).toContain('Représentant légal Camille Dupont');
  });

  it('declares the president when no subscriber reaches 25 %', async () => {
    const user = await server.signup();
    await buy(user, STANDARD);
    // Five subscribers of 5 shares out of 25: 20 % each.
    await submit(user, {
      ...completeCompanyFile(5, '2025-03-14'),
      managers: [{ ...firstManager(), name: 'Paul Président' }],
    });
    const response = await download('LIST_OF_BENEFICIARIES', { token: user.accessToken, lang: 'fr' });
    expect(response.statusCode).toBe(200);
    const holders = bodyRows(response.body).slice(-5);
    expect(holders.map((row) => [row[3], row[4]])).toEqual(Array(5).fill(['20,00 %', 'Non']));
    expect(plainText(response.body)).toContain(
      'Aucun associé ne détient au moins 25 % du capital ou des droits de vote : le représentant légal, Paul Président, est déclaré bénéficiaire effectif.',
    );
  });

  it('writes in the user’s own language when no lang is asked for', async () => {
    const user = await server.signup({ language: 'ro' });
    await buy(user, STANDARD);
    // 100 € in 3 shares: a nominal value that is not whole cents keeps its decimals.
    await submit(user, {
      ...completeCompanyFile(1, '2025-03-14', 'FR-SASU'),
      shareCapital: 100,
      numberOfShares: 3,
      subscribers: [
        { name: 'Ana Pop', address: 'Str. Florilor 1, Cluj', shares: 3, subscription: 100, paidAmount: 100 },
      ],
    });
    const response = await download('LEGAL_STATUSES', { token: user.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statut-boulangerie-dupont.html"',
    );
    expect(response.body).toContain('<html lang="ro">');
    // "3 acțiuni" but "300 de acțiuni" (above): Romanian's plural forms.
    expect(plainText(response.body)).toContain(
      'Acesta este împărțit în 3 acțiuni nominative, cu o valoare nominală de 33,3333 € fiecare',
    );
  });

  it('uses the last submitted data, not a draft saved since, and follows a new submission', async () => {
    const user = await server.signup();
    await buy(user, STANDARD);
    const submitted = await submit(user, {
      ...completeCompanyFile(1, '2025-03-14'),
      companyName: 'Première SAS',
    });
    const draft = await saveDraft(
      user,
      { ...completeCompanyFile(1, '2025-03-14'), companyName: 'Brouillon SAS' },
      submitted.revision,
    );
    expect(draft.status).toBe('amended');

    const amended = await download('LEGAL_STATUSES', { token: user.accessToken, lang: 'fr' });
    expect(amended.statusCode).toBe(200);
    expect(amended.headers['content-disposition']).toBe('attachment; filename="statuts-premiere-sas.html"');
    expect(amended.body).toContain('Première SAS');
    expect(amended.body).not.toContain('Brouillon SAS');

    await submit(user, { ...completeCompanyFile(1, '2025-03-14'), companyName: 'Seconde SAS' });
    const resubmitted = await download('LEGAL_STATUSES', { token: user.accessToken, lang: 'fr' });
    expect(resubmitted.body).toContain('Seconde SAS');
    expect(resubmitted.body).not.toContain('Première SAS');
  });
});
