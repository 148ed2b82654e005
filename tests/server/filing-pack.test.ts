/** The pre-filing check and the whole pack in one ZIP (openapi: checkFiling, downloadFilingPack). */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import { completeCompanyFile } from '../fixtures/company-file';
import { buyLocally, json, startTestServer, type SignedUpUser, type TestServer } from './harness';
import { docxText, pdfText, squeeze } from './document-text';
import { checklistBlocks } from '../../server/services/documents/filing-checklist';
import { NO_ACCOUNT_LIMITS } from '../../server/services/accounts';

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
const STARTER = { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' };

let server: TestServer;

/** A date the check finds neither in the future nor past the filing deadline: a few days ago. */
const recent = (days = 3) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function submit(user: SignedUpUser, data: Record<string, unknown>) {
  const response = await server.request('/api/company-file/submit', {
    body: { data, version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function saveDraft(user: SignedUpUser, data: Record<string, unknown>) {
  const response = await server.request('/api/company-file/draft', {
    body: { data, step: 0, baseRevision: 0, version: stepsFile.version },
    token: user.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const check = (token: string | undefined, source?: string) =>
  server.request(`/api/documents/filing-check${source ? `?source=${source}` : ''}`, {
    ...(token === undefined ? {} : { token }),
  });

const pack = (token: string | undefined, query = '') =>
  server.request(`/api/documents/pack${query}`, { ...(token === undefined ? {} : { token }) });

/** A user who bought `offer` and submitted `data`. */
async function owner(data: Record<string, unknown>, offer = STANDARD) {
  const user = await server.signup();
  await buyLocally(server, user, offer);
  await submit(user, data);
  return user;
}

const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
const isPdf = (bytes: Uint8Array) =>
  strFromU8(bytes.subarray(0, 5)) === '%PDF-' && strFromU8(bytes.subarray(-6)).includes('%%EOF');

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

describe('GET /api/documents/filing-check', () => {
  it('answers 401 without a token', async () => {
    expect((await check(undefined)).statusCode).toBe(401);
    expect((await check(undefined, 'draft')).statusCode).toBe(401);
  });

  it('answers 403 on the submitted file to a user who bought no document, and checks their draft', async () => {
    const user = await server.signup();
    await submit(user, completeCompanyFile(2, recent(), 'FR-SARL'));
    const refused = await check(user.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ message: 'Your purchases include no document', error: 'Forbidden' });
    const draft = await check(user.accessToken, 'draft');
    expect(draft.statusCode, draft.body).toBe(200);
    expect(json(draft)).toMatchObject({
      source: 'draft',
      legalForm: 'FR-SARL',
      verdict: 'ready',
      problems: [],
    });
  });

  it('answers 409 before a submission, and on a draft before a legal form is chosen', async () => {
    const user = await server.signup();
    await buyLocally(server, user, STANDARD);
    const never = await check(user.accessToken);
    expect(never.statusCode).toBe(409);
    expect(json(never).message).toBe('Submit your company file before checking it for filing');
    expect((await check(user.accessToken, 'draft')).statusCode).toBe(409);
    expect((await check(user.accessToken, 'nothing')).statusCode).toBe(400);
  });

  it('finds a complete submitted file ready to sign', async () => {
    const user = await owner(completeCompanyFile(2, recent(), 'RO-SRL'));
    const response = await check(user.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(json(response)).toMatchObject({
      source: 'submitted',
      legalForm: 'RO-SRL',
      verdict: 'ready',
      problems: [],
    });
  });

  it('names each problem’s rule, severity, article, message, step and field', async () => {
    // Signed 20 days ago: past the 15 days of art. 36 for a Romanian filing (a warning).
    const data = completeCompanyFile(2, recent(20), 'RO-SRL');
    const persons = [...(data.persons as Record<string, unknown>[])];
    persons.push({ ...persons[1], id: 'p3', lastName: 'Left', idNumber: '19CD99999' });
    const user = await owner({ ...data, persons });
    const body = json<{ verdict: string; problems: Record<string, unknown>[] }>(
      await check(user.accessToken),
    );
    expect(body.verdict).toBe('ready');
    expect(body.problems).toEqual([
      {
        rule: 'personWithoutRole',
        severity: 'warning',
        article: null,
        messageKey: 'documents:filingCheck.rules.personWithoutRole',
        params: { name: 'Alex Left' },
        step: 'people',
        field: 'persons.lastName',
        item: 2,
      },
      expect.objectContaining({
        rule: 'signatureTooOld',
        article: 'Legea nr. 31/1990, art. 36 alin. (1)',
        step: 'legal-declaration',
        field: 'dateOfSignature',
      }),
    ]);
  });

  it('adds the wizard’s own rules of an incomplete draft, and a cross-step rule before them', async () => {
    const user = await server.signup();
    const data = completeCompanyFile(2, recent(), 'FR-SAS');
    const subscribers = data.subscribers as Record<string, unknown>[];
    await saveDraft(user, {
      ...data,
      companyName: undefined,
      subscribers: [{ ...subscribers[0], paidAmount: 10 }, subscribers[1]],
    });
    const body = json<{ verdict: string; problems: Record<string, unknown>[] }>(
      await check(user.accessToken, 'draft'),
    );
    expect(body.verdict).toBe('fix');
    expect(body.problems.map((problem) => [problem.rule, problem.step, problem.field])).toEqual([
      ['paidMinimum', 'subscribers', 'subscribers.paidAmount'],
      ['wizardStep', 'company-details', 'companyName'],
    ]);
  });
});

describe('GET /api/documents/pack', () => {
  it('answers 401 without a token, 403 without a document bought, 409 before a submission', async () => {
    expect((await pack(undefined)).statusCode).toBe(401);
    const buyer = await server.signup();
    expect((await pack(buyer.accessToken)).statusCode).toBe(403);
    await buyLocally(server, buyer, STANDARD);
    const never = await pack(buyer.accessToken);
    expect(never.statusCode).toBe(409);
    expect(json(never).message).toBe('Submit your company file before downloading your documents');
    expect((await pack(buyer.accessToken, '?format=zip')).statusCode).toBe(400);
  });

  it('zips every document bought that the answers call for, in the filing language, each a PDF named per document, with the checklist', async () => {
    const user = await owner(completeCompanyFile(2, recent(), 'FR-SARL'));
    const response = await pack(user.accessToken);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="dossier-boulangerie-dupont.zip"',
    );
    const files = unzip(response.rawPayload);
    // No attestation de domiciliation (no seat at the gérant's home) and no pouvoir (the gérant files).
    expect(Object.keys(files).sort()).toEqual([
      'annonce-legale-boulangerie-dupont.pdf',
      'beneficiaires-effectifs-boulangerie-dupont.pdf',
      'declaration-non-condamnation-filiation-boulangerie-dupont.pdf',
      'liste-de-controle-boulangerie-dupont.pdf',
      'liste-souscripteurs-boulangerie-dupont.pdf',
      'statuts-boulangerie-dupont.pdf',
    ]);
    for (const [name, bytes] of Object.entries(files)) expect(isPdf(bytes), name).toBe(true);
    const checklist = await pdfText(Buffer.from(files['liste-de-controle-boulangerie-dupont.pdf'] ?? []));
    expect(checklist.pages).toBe(1);
    const text = squeeze(checklist.text);
    for (const expected of [
      'Dossierdedépôt:listedecontrôle',
      'statuts-boulangerie-dupont.pdf',
      'Chaqueassocié',
      'Guichetunique(INPI)',
      'Prêtàsigner',
    ])
      expect(text).toContain(expected);
    const statuts = await pdfText(Buffer.from(files['statuts-boulangerie-dupont.pdf'] ?? []));
    expect(squeeze(statuts.text)).toContain('BoulangerieDupont');
  });

  it('adds the courtesy translations in `lang`, writes the checklist in it and lists the open problems', async () => {
    const data = completeCompanyFile(2, recent(20), 'RO-SRL');
    const user = await owner(data, STARTER);
    const response = await pack(user.accessToken, '?lang=en');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="filing-pack-brutaria-dumitrescu.zip"',
    );
    const files = unzip(response.rawPayload);
    // The starter package holds the act constitutiv only.
    expect(Object.keys(files).sort()).toEqual([
      'act-constitutiv-brutaria-dumitrescu.pdf',
      'articles-of-association-translation-brutaria-dumitrescu.pdf',
      'checklist-brutaria-dumitrescu.pdf',
    ]);
    const text = squeeze((await pdfText(Buffer.from(files['checklist-brutaria-dumitrescu.pdf'] ?? []))).text);
    expect(text).toContain('Filingpack:checklist');
    expect(text).toContain(
      'Courtesytranslations,nottobefiled:articles-of-association-translation-brutaria-dumitrescu.pdf',
    );
    expect(text).toContain('Tocheck—Thedocumentsaredated');
    expect(text).toContain('Legeanr.31/1990,art.36alin.(1)');
    expect(text).toContain('qualifiedelectronicsignature');
  });

  it('writes the documents as Word files with format=docx, the checklist still a PDF', async () => {
    const user = await owner(completeCompanyFile(1, recent(), 'RO-SRL_SOLE'), STARTER);
    const files = unzip((await pack(user.accessToken, '?format=docx&lang=ro')).rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      'lista-de-verificare-brutaria-dumitrescu.pdf',
      'statut-brutaria-dumitrescu.docx',
    ]);
    expect(docxText(Buffer.from(files['statut-brutaria-dumitrescu.docx'] ?? [])).body).toContain(
      'Brutăria Dumitrescu',
    );
  });
});

describe('the pack and the account’s download limit', () => {
  it('counts each document of the pack as a download', async () => {
    const limited = await startTestServer({
      accountLimits: { ...NO_ACCOUNT_LIMITS, documentDownloads: { max: 3, windowMs: 60_000 } },
    });
    try {
      const user = await limited.signup();
      await buyLocally(limited, user, STARTER);
      const submitted = await limited.request('/api/company-file/submit', {
        body: { data: completeCompanyFile(2, recent(), 'RO-SRL'), version: stepsFile.version },
        token: user.accessToken,
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const request = () => limited.request('/api/documents/pack?lang=en', { token: user.accessToken });
      // Two documents (the act constitutiv and its courtesy translation; the fewest a pack can count
      // apart, each one written): two of the three downloads; a second pack finds one left.
      const first = await request();
      expect(first.statusCode).toBe(200);
      expect(Object.keys(unzip(first.rawPayload))).toHaveLength(3);
      const refused = await request();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('the checklist', () => {
  it('lists eight problems on its page and counts the others', () => {
    const problem = {
      severity: 'warning' as const,
      article: null,
      messageKey: 'documents:filingCheck.rules.personWithoutRole',
      params: { name: 'Luc Roux' },
    };
    const { blocks } = checklistBlocks({
      language: 'fr',
      company: 'Boulangerie Dupont',
      form: 'FR-SAS',
      createdAt: new Date('2026-02-01T10:00:00Z'),
      documents: [],
      verdict: 'ready',
      problems: Array.from({ length: 11 }, () => problem),
    });
    const list = blocks.find((block) => block.kind === 'list');
    expect(list?.kind === 'list' ? list.items.length : 0).toBe(8);
    expect(list?.kind === 'list' ? list.items[0] : '').toBe(
      'À vérifier — Luc Roux figure dans le dossier sans aucun rôle (ni associé, ni dirigeant, ni représentant) : aucun document ne le nomme. Supprimez cette personne ou donnez-lui son rôle.',
    );
    expect(blocks).toContainEqual({
      kind: 'paragraph',
      text: '… et 3 autres points : voir la vérification sur la page « Documents ».',
    });
    expect(blocks[1]).toEqual({ kind: 'subtitle', text: 'Boulangerie Dupont — préparé le 1 février 2026' });
  });
});
