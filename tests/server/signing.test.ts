/**
 * Signing rounds (issue 35, openapi tag `signing`): a French SAS with two associates, the founder
 * (p1, président) and a co-founder (p2) who joined the file, every act given; the round's readiness,
 * its start, both signing with the codes the mail carries, the order of the documents, the seals
 * (pdfsig validates them; the hash of the signed ranges is the audit trail's), the signed pack, and
 * a change that voids the signatures. Then a Romanian SRL, prepared for qualified signatures.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import {
  companyFiles,
  fileActs,
  fileMembers,
  rateLimits,
  signatures,
  signingCodes,
  signingDocuments,
} from '../../server/db/schema';
import { fileDigest } from '../../server/services/co-founders/file-digest';
import { translator } from '../../server/services/i18n';
import { verifySealedPdf } from '../../server/services/signing/pades';
import { requiredActs } from '../../server/services/signing/readiness';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { NO_ACCOUNT_LIMITS } from '../../server/services/accounts';
import { pdfText, squeeze } from './document-text';
import { checkPdfA } from './pdfa-check';
import { buyLocally, json, startTestServer, type SignedUpUser, type TestServer } from './harness';

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };

interface Signatory {
  personId: string;
  name: string;
  signedAt: string | null;
}
interface RoundDocument {
  id: string;
  sku: string;
  title: string;
  rank: number;
  open: boolean;
  sha256: string;
  sealed: boolean;
  sealedSha256?: string;
  signatories: Signatory[];
}
interface State {
  role: string;
  personId: string;
  readiness: { code: string; personId?: string; act?: string }[];
  round: null | { id: string; mode: string; status: string; documents: RoundDocument[] };
}

let server: TestServer;
const work = mkdtempSync(path.join(tmpdir(), 'kreo-signing-test-'));

/** A date of signature the pre-filing check accepts: a few days ago. */
const recent = () => new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);

async function submit(user: SignedUpUser, data: Record<string, unknown>, confirm?: boolean) {
  return server.request('/api/company-file/submit', {
    body: { data, version: stepsFile.version, ...(confirm ? { confirmVoidSignatures: true } : {}) },
    token: user.accessToken,
  });
}

/** The co-founder's account joined as `personId`, as an accepted invitation leaves it. */
async function join(owner: SignedUpUser, member: SignedUpUser, personId: string) {
  await server.db.insert(fileMembers).values({
    ownerId: owner.userId,
    personId,
    email: member.email,
    language: 'en',
    status: 'joined',
    userId: member.userId,
    joinedAt: new Date(),
  });
}

/** Every act the submitted file calls for, given on its answers. */
async function giveEveryAct(owner: SignedUpUser, accounts: Record<string, string>) {
  const [file] = await server.db
    .select({ data: companyFiles.submittedData })
    .from(companyFiles)
    .where(eq(companyFiles.userId, owner.userId));
  const data = file?.data ?? {};
  const acts = requiredActs(data);
  expect(acts.length).toBeGreaterThan(0);
  await server.db.insert(fileActs).values(
    acts.map(({ personId, act }) => ({
      ownerId: owner.userId,
      personId,
      act,
      userId: accounts[personId] ?? null,
      digest: fileDigest(data),
      snapshot: data,
      words: `${act} of ${personId}`,
      language: 'fr',
    })),
  );
}

const signing = (owner: SignedUpUser, user: SignedUpUser, suffix = '', body?: unknown) =>
  server.request(`/api/company-files/${owner.userId}/signing${suffix}`, {
    token: user.accessToken,
    ...(body === undefined ? {} : { body }),
  });

/** startSigningRound (no body). */
const start = (owner: SignedUpUser, user: SignedUpUser) =>
  server.request(`/api/company-files/${owner.userId}/signing`, { method: 'POST', token: user.accessToken });

const stateOf = async (owner: SignedUpUser, user: SignedUpUser) => {
  const response = await signing(owner, user);
  expect(response.statusCode, response.body).toBe(200);
  return json<State>(response);
};

/** The code of the last code mail to `user`. */
function codeMailed(user: SignedUpUser): string {
  const mail = server.mail.to(user.email).at(-1);
  const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
  if (!code || !mail?.text.includes(code)) throw new Error(`No code mailed to ${user.email}`);
  return code;
}

async function sendCode(owner: SignedUpUser, user: SignedUpUser, documentIds: string[]) {
  return signing(owner, user, '/code', { documentIds });
}

async function sign(owner: SignedUpUser, user: SignedUpUser, documentIds: string[], code: string) {
  return signing(owner, user, '/signatures', { documentIds, code, language: 'fr', readInFull: true });
}

async function signWithCode(owner: SignedUpUser, user: SignedUpUser, documentIds: string[]) {
  const sent = await sendCode(owner, user, documentIds);
  expect(sent.statusCode, sent.body).toBe(200);
  return sign(owner, user, documentIds, codeMailed(user));
}

/** pdfsig's report of a PDF's signatures (its exit status says nothing we need). */
function pdfsig(bytes: Uint8Array, ...options: string[]): string {
  const file = path.join(work, `${createHash('sha256').update(bytes).digest('hex')}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [...options, file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** The SHA-256 of the byte ranges pdfsig reports as signed. */
function signedRangesSha256(report: string, bytes: Uint8Array): string {
  const ranges = /Signed Ranges: (.+)/.exec(report)?.[1] ?? '';
  const hash = createHash('sha256');
  for (const [, start, end] of ranges.matchAll(/\[(\d+) - (\d+)\]/g))
    hash.update(bytes.subarray(Number(start), Number(end)));
  return hash.digest('hex');
}

/**
 * Locks the unused codes' rows from another connection; `release` waits until two transactions queue
 * behind it (or the requests end), then lets them go at the same instant.
 */
async function holdRound(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  // Their codes' rows: a signature's first write marks its code used.
  await client.query('select id from signing_codes where used_at is null for update');
  return {
    async release(requests: Promise<unknown>) {
      let settled = false;
      void requests.finally(() => {
        settled = true;
      });
      for (;;) {
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where not granted and locktype in ('transactionid', 'tuple')",
        );
        if ((rows[0]?.n ?? 0) >= 2 || settled) break;
      }
      await client.query('commit');
      await client.end();
    },
  };
}

const errorOf = (response: Parameters<typeof json>[0]) => json<{ code?: string; message: string }>(response);

/** A founder who bought the documents and submitted `form`'s complete file with two associates. */
async function ownerOf(form: LegalFormId) {
  const owner = await server.signup({ language: 'fr', firstname: 'Camille' });
  await buyLocally(server, owner, STANDARD);
  const data = completeCompanyFile(2, recent(), form);
  const submitted = await submit(owner, data);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const coFounder = await server.signup({ language: 'en', firstname: 'Alex' });
  return { owner, coFounder, data };
}

beforeAll(async () => {
  // The one per-account limit this file checks: five codes an hour.
  server = await startTestServer({
    accountLimits: { ...NO_ACCOUNT_LIMITS, signingCodes: { max: 5, windowMs: 3_600_000 } },
  });
  execFileSync('pdfsig', ['-v']);
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a French SAS signed by its two associates', () => {
  let owner: SignedUpUser;
  let coFounder: SignedUpUser;
  let data: Record<string, unknown>;
  let documents: RoundDocument[];
  const bySku = (sku: string) => {
    const found = documents.find((document) => document.sku === sku);
    if (!found) throw new Error(`No ${sku} in the round`);
    return found;
  };

  beforeAll(async () => {
    ({ owner, coFounder, data } = await ownerOf('FR-SAS'));
  }, 60_000);

  it('says what stops a round: the acts not given, the co-founder not joined', async () => {
    const state = await stateOf(owner, owner);
    expect(state).toMatchObject({ role: 'founder', personId: 'p1', round: null });
    expect(state.readiness).toEqual(
      expect.arrayContaining([
        { code: 'ACT_MISSING', personId: 'p1', act: 'acceptAppointment' },
        { code: 'ACT_MISSING', personId: 'p1', act: 'honourStatement' },
        { code: 'ACT_MISSING', personId: 'p1', act: 'approveFile' },
        { code: 'ACT_MISSING', personId: 'p2', act: 'approveFile' },
        { code: 'SIGNATORY_NOT_JOINED', personId: 'p2' },
      ]),
    );
    expect(state.readiness.map((reason) => reason.code)).not.toContain('FILING_CHECK');
    const refused = await start(owner, owner);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'SIGNING_NOT_READY', readiness: state.readiness });
    // A stranger learns nothing of the file.
    expect((await signing(owner, coFounder)).statusCode).toBe(404);
  });

  it('starts once everyone joined and approved: the founder only', async () => {
    await join(owner, coFounder, 'p2');
    await giveEveryAct(owner, { p1: owner.userId, p2: coFounder.userId });
    expect((await stateOf(owner, coFounder)).readiness).toEqual([]);
    const forbidden = await start(owner, coFounder);
    expect(forbidden.statusCode).toBe(403);

    const started = await start(owner, owner);
    expect(started.statusCode, started.body).toBe(200);
    const state = json<State>(started);
    expect(state.round).toMatchObject({ mode: 'electronic', status: 'open' });
    documents = state.round?.documents ?? [];
    const statuts = bySku('LEGAL_STATUSES');
    expect(statuts).toMatchObject({ rank: 1, open: true, sealed: false });
    expect(statuts.signatories.map((signatory) => signatory.personId)).toEqual(['p1', 'p2']);
    expect(statuts.signatories.every((signatory) => signatory.signedAt === null)).toBe(true);
    const later = documents.filter((document) => document.rank === 2);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((document) => !document.open)).toBe(true);
    // Each signatory is mailed, in their language.
    expect(server.mail.to(coFounder.email).at(-1)?.subject).toBe(
      'The documents of Boulangerie Dupont are ready to sign',
    );
    expect(server.mail.to(owner.email).at(-1)?.subject).toBe(
      'Les documents de Boulangerie Dupont sont prêts à signer',
    );
  }, 120_000);

  it('refuses a second round of the same answers while one is being signed (409 ALREADY_STARTED)', async () => {
    const again = await start(owner, owner);
    expect(again.statusCode, again.body).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_STARTED');
    // The round being signed stays as it was.
    const state = await stateOf(owner, owner);
    expect(state.round?.status).toBe('open');
    expect(state.round?.documents.map((document) => document.id)).toEqual(documents.map((d) => d.id));
  }, 60_000);

  it('serves a document to its signatories and the founder only, and its preview in a translation', async () => {
    const statuts = bySku('LEGAL_STATUSES');
    const pdf = await signing(owner, coFounder, `/documents/${statuts.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(statuts.sha256);
    const declaration = bySku('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION');
    expect(declaration.signatories.map((signatory) => signatory.personId)).toEqual(['p1']);
    expect((await signing(owner, coFounder, `/documents/${declaration.id}/pdf`)).statusCode).toBe(404);
    expect((await signing(owner, owner, `/documents/${declaration.id}/pdf`)).statusCode).toBe(200);
    const preview = await signing(owner, coFounder, `/documents/${statuts.id}/preview?lang=en`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(json(preview)).toMatchObject({ sku: 'LEGAL_STATUSES', language: 'en', translation: true });
  });

  it('refuses a document the caller does not sign (403) and one not open yet (409)', async () => {
    const declaration = bySku('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION');
    const notMine = await sendCode(owner, coFounder, [declaration.id]);
    expect(notMine.statusCode).toBe(403);
    expect(errorOf(notMine).code).toBe('NOT_A_SIGNATORY');
    const rankTwo = documents.find((document) => document.rank === 2) as RoundDocument;
    const early = await sendCode(owner, owner, [rankTwo.id]);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('DOCUMENT_NOT_OPEN');
  });

  it('mails at most five codes an hour to an account', async () => {
    const statuts = bySku('LEGAL_STATUSES');
    for (let count = 0; count < 5; count += 1)
      expect((await sendCode(owner, coFounder, [statuts.id])).statusCode).toBe(200);
    const sixth = await sendCode(owner, coFounder, [statuts.id]);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // The hour is over.
    await server.db.delete(rateLimits).where(eq(rateLimits.key, `account:signing-codes:${coFounder.userId}`));
  });

  it('refuses a wrong code (attempts left) and an expired one, then signs with the right code', async () => {
    const declaration = bySku('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION');
    const sent = await sendCode(owner, owner, [declaration.id]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json(sent).sentTo).toMatch(/^.\*\*\*@example\.test$/);
    const code = codeMailed(owner);
    const wrong = await sign(owner, owner, [declaration.id], code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      code: 'CODE_INVALID',
      message: expect.stringContaining('4 attempts left'),
      attemptsLeft: 4,
    });
    await server.db.update(signingCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await sign(owner, owner, [declaration.id], code);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).code).toBe('CODE_EXPIRED');

    const signed = await signWithCode(owner, owner, [declaration.id]);
    expect(signed.statusCode, signed.body).toBe(200);
    const after = json<State>(signed).round?.documents.find((document) => document.id === declaration.id);
    // Its only signatory signed: sealed at once, and said so.
    expect(after).toMatchObject({ sealed: true, sealedSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(server.mail.to(owner.email).at(-1)?.subject).toBe(
      `«\u00a0${declaration.title}\u00a0» est signé par tous`,
    );
    const [row] = await server.db.select().from(signatures).where(eq(signatures.documentId, declaration.id));
    expect(row).toMatchObject({
      personId: 'p1',
      language: 'fr',
      documentSha256: declaration.sha256,
      // In full, with the account, as at signing: the evidence file names them.
      codeSentTo: owner.email,
      userId: owner.userId,
    });
    // The words the page shows next to the button, in the language of the request, with the titles.
    expect(row?.words).toBe(
      translator('fr')('legal-acts:consent.sign', {
        name: declaration.signatories[0]?.name,
        documents: declaration.title,
      }),
    );
    const again = await sendCode(owner, owner, [declaration.id]);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_SIGNED');
  }, 60_000);

  it('seals the statuts once when both associates sign at the same moment', async () => {
    const statuts = bySku('LEGAL_STATUSES');
    for (const user of [owner, coFounder])
      expect((await sendCode(owner, user, [statuts.id])).statusCode).toBe(200);
    const codes = [codeMailed(owner), codeMailed(coFounder)];
    // On PostgreSQL, both requests are held at their codes and let go together, so that their
    // transactions overlap (PGlite runs one transaction at a time). The round's lock orders them; the
    // window in which two unlocked transactions would each miss the other's signature is narrow, so
    // this checks the outcome (one seal, both signatures), not that the lock is needed.
    const held = server.databaseUrl ? await holdRound(server.databaseUrl) : null;
    const both = Promise.all([
      sign(owner, owner, [statuts.id], codes[0] as string),
      sign(owner, coFounder, [statuts.id], codes[1] as string),
    ]);
    if (held) await held.release(both);
    const [first, second] = await both;
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const state = await stateOf(owner, coFounder);
    const sealed = state.round?.documents.find((document) => document.id === statuts.id);
    expect(sealed?.sealed).toBe(true);
    expect(sealed?.signatories.every((signatory) => signatory.signedAt !== null)).toBe(true);
    // Rank 2 opens now that the statuts and the declaration are sealed.
    expect(state.round?.documents.filter((document) => document.rank === 2).every((d) => d.open)).toBe(true);
  }, 120_000);

  it('seals a PDF pdfsig validates, whose signed ranges hash to the audit trail, and that fails once a byte changes', async () => {
    const statuts = bySku('LEGAL_STATUSES');
    const [row] = await server.db.select().from(signingDocuments).where(eq(signingDocuments.id, statuts.id));
    const download = await signing(owner, coFounder, `/documents/${statuts.id}/pdf`);
    const sealed = new Uint8Array(download.rawPayload);
    expect(Buffer.from(sealed).equals(Buffer.from(row?.sealedPdf ?? []))).toBe(true);
    // The signature page lists each signer, how they signed and the hash of what they read.
    const { text } = await pdfText(Buffer.from(sealed));
    for (const signatory of statuts.signatories) expect(text).toContain(signatory.name);
    expect(squeeze(text)).toContain(statuts.sha256);
    // Everyone the document goes to reads the page: the addresses stay masked there.
    expect(text).not.toContain(coFounder.email);
    expect(text).toContain(`${coFounder.email.slice(0, 1)}***@`);
    const report = pdfsig(sealed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(signedRangesSha256(report, sealed)).toBe(row?.sealedSha256);
    // The seal's reason, as a PDF reader shows it, is in the document's language (UTF-16BE in the PDF).
    const reason = translator('fr')('documents:signed.reason', {
      names: statuts.signatories.map((signatory) => signatory.name).join(', '),
    });
    expect(reason).toMatch(/^Signé électroniquement/);
    const utf16 = Buffer.from(`\ufeff${reason}`, 'utf16le').swap16().toString('hex').toUpperCase();
    expect(Buffer.from(sealed).toString('latin1')).toContain(`/Reason <${utf16}>`);
    expect(verifySealedPdf(sealed)).toMatchObject({
      valid: true,
      wholeDocument: true,
      signedSha256: row?.sealedSha256,
    });

    const tampered = new Uint8Array(sealed);
    const at = sealed.length >> 2;
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(pdfsig(tampered)).not.toContain('Signature Validation: Signature is Valid.');
    expect(verifySealedPdf(tampered).valid).toBe(false);
  });

  it('completes the round with the last document, and the pack holds the signed PDFs and the evidence', async () => {
    const rest = documents.filter((document) => document.rank === 2).map((document) => document.id);
    const done = await signWithCode(owner, owner, rest);
    expect(done.statusCode, done.body).toBe(200);
    expect(json<State>(done).round?.status).toBe('complete');
    expect(server.mail.to(coFounder.email).at(-1)?.subject).toBe(
      'The documents of Boulangerie Dupont are signed',
    );
    const evidence = await signing(owner, coFounder, '/evidence');
    expect(evidence.statusCode).toBe(200);
    // It names each signatory's address, IP and browser: a member who signs nothing does not get it.
    const outsider = await server.signup({ language: 'en', firstname: 'Dana' });
    await join(owner, outsider, 'p9');
    expect((await signing(owner, outsider, '/evidence')).statusCode).toBe(404);
    expect(evidence.headers['content-type']).toBe('application/pdf');
    expect(checkPdfA(evidence.rawPayload)).toEqual([]);
    // Who signed what: each signatory, each sealed document's hash, the words they accepted.
    const evidenceText = squeeze((await pdfText(evidence.rawPayload)).text);
    expect(evidenceText).toContain(squeeze('Certificat de signature'));
    const sealedRows = await server.db.select().from(signingDocuments);
    for (const row of sealedRows.filter((entry) => entry.sealedSha256))
      expect(evidenceText).toContain(row.sealedSha256);
    for (const signatory of bySku('LEGAL_STATUSES').signatories)
      expect(evidenceText).toContain(squeeze(signatory.name));
    // The full addresses the codes went to, the accounts, each one's acts and how they reached the file.
    for (const user of [owner, coFounder]) {
      expect(evidenceText).toContain(squeeze(user.email));
      expect(evidenceText).toContain(user.userId);
    }
    expect(evidenceText).toContain(squeeze('approveFile of p2'));
    expect(evidenceText).toContain(squeeze('acceptAppointment of p1'));
    expect(evidenceText).toContain(squeeze('A rejoint le dossier le (UTC)'));
    // Sealed itself, still PDF/A.
    expect(verifySealedPdf(new Uint8Array(evidence.rawPayload))).toMatchObject({
      valid: true,
      wholeDocument: true,
    });

    const pack = await server.request('/api/documents/pack', { token: owner.accessToken });
    expect(pack.statusCode, pack.body).toBe(200);
    const files = unzipSync(new Uint8Array(pack.rawPayload));
    expect(Object.keys(files)).toContain('certificat-de-signature.pdf');
    const [statuts] = await server.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.id, bySku('LEGAL_STATUSES').id));
    const inPack = files[statuts?.fileName ?? ''];
    expect(inPack && Buffer.from(inPack).equals(Buffer.from(statuts?.sealedPdf ?? []))).toBe(true);

    const list = json<{ documents: { sku: string; signed?: { documentId: string } }[]; signing?: unknown }>(
      await server.request('/api/documents', { token: owner.accessToken }),
    );
    expect(list.documents.find((document) => document.sku === 'LEGAL_STATUSES')?.signed?.documentId).toBe(
      statuts?.id,
    );
    expect(list.signing).toMatchObject({ roundId: expect.any(String) });

    const timeline = json<{ events: { kind: string; personName?: string; documentSku?: string }[] }>(
      await server.request('/api/company-file/events', { token: owner.accessToken }),
    );
    expect(timeline.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'documentSigned', documentSku: 'LEGAL_STATUSES' }),
        expect.objectContaining({ kind: 'signingComplete' }),
      ]),
    );
  }, 120_000);

  it('warns before a change voids the signatures, then voids them, says so and mails the signatories', async () => {
    const changed = { ...data, corporatePurpose: 'Bakery, pastry and catering.' };
    const warned = await submit(owner, changed);
    expect(warned.statusCode).toBe(409);
    expect(errorOf(warned).code).toBe('SIGNATURES_WOULD_BE_VOIDED');
    expect((await stateOf(owner, owner)).round?.status).toBe('complete');

    const confirmed = await submit(owner, changed, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const state = await stateOf(owner, owner);
    expect(state.round).toMatchObject({ status: 'voided' });
    // Their signature is void (this mail) and their approval is asked again (the acts' own mail).
    expect(server.mail.to(coFounder.email).map((mail) => mail.subject)).toContain(
      'The signatures of the documents of Boulangerie Dupont are void',
    );
    expect(server.mail.to(owner.email).some((mail) => mail.subject.includes('sont annulées'))).toBe(true);
    const timeline = json<{ events: { kind: string }[] }>(
      await server.request('/api/company-file/events', { token: owner.accessToken }),
    );
    expect(timeline.events.at(-1)?.kind).toBe('signingVoided');
    // The pack is unsigned again: no evidence of a round the file no longer matches.
    const pack = await server.request('/api/documents/pack', { token: owner.accessToken });
    expect(Object.keys(unzipSync(new Uint8Array(pack.rawPayload)))).not.toContain(
      'certificat-de-signature.pdf',
    );
  }, 120_000);
});

describe('a signatory who leaves the file while the documents are being prepared', () => {
  it('stops the start: the documents name them, and they have no account on the file (France)', async () => {
    const { owner, coFounder } = await ownerOf('FR-SAS');
    await join(owner, coFounder, 'p2');
    await giveEveryAct(owner, { p1: owner.userId, p2: coFounder.userId });
    expect((await stateOf(owner, owner)).readiness).toEqual([]);
    // Whether it lands before the readiness check or while the documents are written, the answer is
    // the same: the round would wait forever for a signature nobody can give.
    const starting = start(owner, owner);
    await server.db
      .update(fileMembers)
      .set({ status: 'left', endedAt: new Date() })
      .where(eq(fileMembers.userId, coFounder.userId));
    const refused = await starting;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({
      code: 'SIGNING_NOT_READY',
      readiness: [{ code: 'SIGNATORY_NOT_JOINED', personId: 'p2' }],
    });
    expect((await stateOf(owner, owner)).round).toBeNull();
  }, 120_000);
});

describe('a document whose wording changed between its reading and its seal', () => {
  it('is not sealed: the round is voided with its reason, everyone is told, and a new round can start', async () => {
    const { owner } = await ownerOf('FR-SASU');
    await giveEveryAct(owner, { p1: owner.userId });
    const started = await start(owner, owner);
    expect(started.statusCode, started.body).toBe(200);
    const statuts = json<State>(started).round?.documents.find(
      (document) => document.sku === 'LEGAL_STATUSES',
    ) as RoundDocument;
    // What a deploy that changed a template or a font does: the document written again differs.
    await server.db
      .update(signingDocuments)
      .set({ sha256: '0'.repeat(64) })
      .where(eq(signingDocuments.id, statuts.id));

    const signed = await signWithCode(owner, owner, [statuts.id]);
    expect(signed.statusCode, signed.body).toBe(200);
    const round = json<State & { round: { voidedReason?: string } }>(signed).round;
    expect(round).toMatchObject({ status: 'voided', voidedReason: 'documentsChanged' });
    expect(round?.documents.every((document) => !document.sealed)).toBe(true);
    const [row] = await server.db.select().from(signingDocuments).where(eq(signingDocuments.id, statuts.id));
    expect(row?.sealedPdf).toBeNull();
    const timeline = json<{ events: { kind: string }[] }>(
      await server.request('/api/company-file/events', { token: owner.accessToken }),
    );
    expect(timeline.events.at(-1)?.kind).toBe('signingVoided');
    const mail = server.mail.to(owner.email).at(-1);
    expect(mail?.subject).toBe('Les signatures des documents de Boulangerie Dupont sont annulées');
    expect(mail?.text).toContain('Kreo a mis à jour ses modèles');
    // The founder prepares the documents again.
    const again = await start(owner, owner);
    expect(again.statusCode, again.body).toBe(200);
    expect(json<State>(again).round?.status).toBe('open');
  }, 120_000);
});

describe('a SAS with a président and a directeur général', () => {
  it('signs one declaration per declarant, which only they and the founder read', async () => {
    const owner = await server.signup({ language: 'fr', firstname: 'Camille' });
    await buyLocally(server, owner, STANDARD);
    const data = completeCompanyFile(2, recent(), 'FR-SAS');
    const persons = data.persons as Record<string, unknown>[];
    persons[1] = { ...persons[1], fatherName: 'Paul Subscriber', motherName: 'Lucie Subscriber née Moreau' };
    data.directorGeneralId = 'p2';
    const submitted = await submit(owner, data);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const coFounder = await server.signup({ language: 'en', firstname: 'Alex' });
    await join(owner, coFounder, 'p2');
    await giveEveryAct(owner, { p1: owner.userId, p2: coFounder.userId });
    const started = await start(owner, owner);
    expect(started.statusCode, started.body).toBe(200);
    const declarations = (json<State>(started).round?.documents ?? []).filter(
      (document) => document.sku === 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
    );
    // Two documents, each signed by its declarant alone.
    expect(declarations.map((document) => document.signatories.map((s) => s.personId)).sort()).toEqual([
      ['p1'],
      ['p2'],
    ]);
    expect(declarations.every((document) => document.rank === 1)).toBe(true);
    const ofPerson = (personId: string) =>
      declarations.find((document) => document.signatories[0]?.personId === personId) as RoundDocument;
    const mine = ofPerson('p2');
    const theirs = ofPerson('p1');
    expect(mine.title).toContain(mine.signatories[0]?.name);

    // The directeur général reads their own declaration only, with their parents' names.
    const own = await signing(owner, coFounder, `/documents/${mine.id}/pdf`);
    expect(own.statusCode).toBe(200);
    const ownText = squeeze((await pdfText(own.rawPayload)).text);
    expect(ownText).toContain(squeeze('Paul Subscriber'));
    expect(ownText).not.toContain(squeeze('Jean Dupont'));
    expect(ownText).not.toContain(squeeze('Marie Dupont née Martin'));
    const ownPreview = await signing(owner, coFounder, `/documents/${mine.id}/preview?lang=en`);
    expect(ownPreview.statusCode, ownPreview.body).toBe(200);
    expect(ownPreview.body).toContain('Paul Subscriber');
    expect(ownPreview.body).not.toContain('Jean Dupont');
    // The président's: not theirs to fetch, preview or sign.
    expect((await signing(owner, coFounder, `/documents/${theirs.id}/pdf`)).statusCode).toBe(404);
    expect((await signing(owner, coFounder, `/documents/${theirs.id}/preview`)).statusCode).toBe(404);
    const notMine = await sendCode(owner, coFounder, [theirs.id]);
    expect(notMine.statusCode).toBe(403);
    // The founder reads both; the président's holds only the président's declaration.
    const founders = await signing(owner, owner, `/documents/${theirs.id}/pdf`);
    expect(founders.statusCode).toBe(200);
    const foundersText = squeeze((await pdfText(founders.rawPayload)).text);
    expect(foundersText).toContain(squeeze('Jean Dupont'));
    expect(foundersText).not.toContain(squeeze('Paul Subscriber'));
    expect((await signing(owner, owner, `/documents/${mine.id}/pdf`)).statusCode).toBe(200);

    // Each signs their own; the directeur général's is sealed by their signature alone.
    const signed = await signWithCode(owner, coFounder, [mine.id]);
    expect(signed.statusCode, signed.body).toBe(200);
    const after = json<State>(signed).round?.documents.find((document) => document.id === mine.id);
    expect(after?.sealed).toBe(true);
  }, 180_000);
});

describe('a Romanian SRL', () => {
  it('is prepared for qualified signatures: signature fields, no code', async () => {
    const { owner, coFounder } = await ownerOf('RO-SRL');
    await join(owner, coFounder, 'p2');
    await giveEveryAct(owner, { p1: owner.userId, p2: coFounder.userId });
    const started = await start(owner, owner);
    expect(started.statusCode, started.body).toBe(200);
    const round = json<State>(started).round;
    expect(round?.mode).toBe('qualified');
    // Signed outside Kreo: every prepared document can be downloaded at once, none waits for another.
    expect(round?.documents.every((document) => document.open)).toBe(true);
    const act = round?.documents.find((document) => document.sku === 'LEGAL_STATUSES') as RoundDocument;
    expect(act.signatories.map((signatory) => signatory.personId)).toEqual(['p1', 'p2']);
    const pdf = await signing(owner, coFounder, `/documents/${act.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const report = pdfsig(new Uint8Array(pdf.rawPayload), '-nocert');
    expect(report.match(/Signature #\d/g)?.length).toBe(2);
    expect(report).not.toContain('Signature is Valid');
    const refused = await sendCode(owner, coFounder, [act.id]);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('QUALIFIED_SIGNATURE');
    const signedHere = await sign(owner, coFounder, [act.id], '123456');
    expect(signedHere.statusCode).toBe(409);
  }, 120_000);
});
