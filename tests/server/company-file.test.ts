/** The company file of the wizard (openapi: getCompanyFile, saveCompanyFileDraft, submitCompanyFile). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { components } from '../../src/lib/api/schema';
import { companyFiles } from '../../server/db/schema';
import { completeCompanyFile, versionOneCompanyFile, type LegalFormId } from '../fixtures/company-file';
import stepsFile from '../../schemas/wizard/steps.json';
import { translator } from '../../server/services/i18n';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { readWizardSource } from '../../src/shared/wizard-source.node.ts';
import {
  SIGNING_KEY,
  createFakeMail,
  json,
  startTestServer,
  type SignedUpUser,
  type TestServer,
} from './harness';

type CompanyFile = components['schemas']['CompanyFile'];
type CompanyFileConflict = components['schemas']['CompanyFileConflict'];
type CompanyFileInvalid = components['schemas']['CompanyFileInvalid'];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
/** A UTC date `days` from now, YYYY-MM-DD. */
const isoDate = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The version of the wizard's steps the server runs (schemas/wizard/steps.json). */
const VERSION = stepsFile.version;
const LAST_STEP = stepsFile.steps.length - 1;

/** A complete French SAS file that passes every step: two subscribers, 60 and 40 of 100 shares. */
function validData(): Record<string, unknown> {
  return {
    ...completeCompanyFile(2, isoDate(-3)),
    shareCapital: 1000,
    numberOfShares: 100,
    subscribers: [
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 600 },
      { personId: 'p2', shares: 40, subscription: 400, paidAmount: 200 },
    ],
  };
}

const subscribersOf = (data: Record<string, unknown>) => data.subscribers as Record<string, unknown>[];
const firstSubscriber = (data: Record<string, unknown>) => subscribersOf(data)[0] ?? {};
const otherSubscribers = (data: Record<string, unknown>) => subscribersOf(data).slice(1);

const getFile = (token?: string) => server.request('/api/company-file', token === undefined ? {} : { token });
/**
 * A well-formed body says which version of the wizard it was written with, as the app does; a body
 * meant to be malformed, or to test versions, is sent as it is.
 */
const withVersion = (body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body && !('version' in body)
    ? { ...body, version: VERSION }
    : body;
const saveDraft = (token: string | undefined, body: unknown) =>
  server.request('/api/company-file/draft', {
    body: withVersion(body),
    ...(token === undefined ? {} : { token }),
  });
const submit = (token: string | undefined, body: unknown) =>
  server.request('/api/company-file/submit', {
    body: withVersion(body),
    ...(token === undefined ? {} : { token }),
  });

/** Saves a draft and checks it worked. */
async function saved(user: SignedUpUser, data: Record<string, unknown>, baseRevision: number, step = 0) {
  const response = await saveDraft(user.accessToken, { data, step, baseRevision });
  expect(response.statusCode, response.body).toBe(200);
  return json<CompanyFile>(response);
}

describe('GET /api/company-file', () => {
  it('answers an empty file, revision 0 and status new, to a user who never saved', async () => {
    const user = await server.signup();
    const response = await getFile(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      revision: 0,
      step: 0,
      data: {},
      version: VERSION,
      setAside: {},
      status: 'new',
      updatedAt: null,
      submittedAt: null,
    });
  });

  it('answers 401 without a token, on every operation', async () => {
    for (const response of [
      await getFile(),
      await saveDraft(undefined, { data: {}, step: 0, baseRevision: 0 }),
      await submit(undefined, { data: validData() }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(typeof json(response).message).toBe('string');
    }
  });
});

describe('POST /api/company-file/draft', () => {
  it('saves a draft as revision 1 and answers it as GET then does', async () => {
    const user = await server.signup();
    const data = { fullName: 'Camille Dupont', subscribers: [{ name: 'Camille', shares: 60 }] };
    const response = await saveDraft(user.accessToken, { data, step: 2, baseRevision: 0 });

    expect(response.statusCode).toBe(200);
    const file = json<CompanyFile>(response);
    expect(file).toMatchObject({ revision: 1, step: 2, data, status: 'draft', submittedAt: null });
    expect(Date.parse(file.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(json(await getFile(user.accessToken))).toEqual(file);
  });

  it('keeps the draft across a restart (a new app on the same database)', async () => {
    const user = await server.signup();
    const file = await saved(user, { companyName: 'Persistante SARL' }, 0, 1);
    const restarted = await buildApp({
      config: server.config,
      db: server.db,
      mailer: createFakeMail(),
      signingKey: SIGNING_KEY,
      logger: false,
    });
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: '/api/company-file',
        headers: server.bearer(user.accessToken),
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual(file);
    } finally {
      await restarted.close();
    }
  });

  it('moves on one revision per save, replacing the data and the step', async () => {
    const user = await server.signup();
    await saved(user, { fullName: 'Camille' }, 0);
    const second = await saved(user, { fullName: 'Camille Dupont', companyName: 'Dupont SAS' }, 1, 1);
    expect(second).toMatchObject({
      revision: 2,
      step: 1,
      data: { fullName: 'Camille Dupont', companyName: 'Dupont SAS' },
    });
    expect(json(await getFile(user.accessToken))).toEqual(second);
  });

  it('answers 409 with the current file when the base revision is stale, and saves nothing', async () => {
    const user = await server.signup();
    await saved(user, { fullName: 'Premier' }, 0);
    const current = await saved(user, { fullName: 'Deuxième' }, 1, 1);

    const response = await saveDraft(user.accessToken, {
      data: { fullName: 'Périmé' },
      step: 0,
      baseRevision: 1,
    });
    expect(response.statusCode).toBe(409);
    const body = json<CompanyFileConflict>(response);
    expect(body.error).toBe('Conflict');
    expect(typeof body.message).toBe('string');
    expect(body.file).toEqual(current);
    expect(json(await getFile(user.accessToken))).toEqual(current);
  });

  it('answers 409 to a first save (base 0) when the file exists, and to a base ahead of the file', async () => {
    const user = await server.signup();
    const first = await saved(user, { fullName: 'Camille' }, 0);
    const again = await saveDraft(user.accessToken, {
      data: { fullName: 'Autre' },
      step: 0,
      baseRevision: 0,
    });
    expect(again.statusCode).toBe(409);
    expect(json<CompanyFileConflict>(again).file).toEqual(first);

    const ahead = await saveDraft(user.accessToken, { data: {}, step: 0, baseRevision: 7 });
    expect(ahead.statusCode).toBe(409);
    expect(json<CompanyFileConflict>(ahead).file).toEqual(first);

    const never = await server.signup();
    const response = await saveDraft(never.accessToken, { data: {}, step: 0, baseRevision: 3 });
    expect(response.statusCode).toBe(409);
    expect(json<CompanyFileConflict>(response).file).toMatchObject({ revision: 0, status: 'new' });
  });

  it('lets exactly one of concurrent saves from the same revision win', async () => {
    const user = await server.signup();
    let current = await saved(user, { fullName: 'Base' }, 0);
    // A few rounds, so that on PostgreSQL (a connection pool) the saves really overlap.
    for (let round = 0; round < 5; round += 1) {
      const responses = await Promise.all(
        ['A', 'B', 'C'].map((browser) =>
          saveDraft(user.accessToken, {
            data: { fullName: `Navigateur ${browser}` },
            step: round % 5,
            baseRevision: current.revision,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      const [winner] = responses
        .filter((response) => response.statusCode === 200)
        .map((response) => json<CompanyFile>(response));
      const conflicts = responses
        .filter((response) => response.statusCode === 409)
        .map((response) => json<CompanyFileConflict>(response).file);
      expect(winner?.revision).toBe(current.revision + 1);
      // The losers get the winner's file to merge with.
      expect(conflicts).toEqual([winner, winner]);
      expect(json(await getFile(user.accessToken))).toEqual(winner);
      current = winner ?? current;
    }
  });

  it('lets exactly one of two concurrent first saves win', async () => {
    const user = await server.signup();
    const responses = await Promise.all([
      saveDraft(user.accessToken, { data: { fullName: 'A' }, step: 0, baseRevision: 0 }),
      saveDraft(user.accessToken, { data: { fullName: 'B' }, step: 0, baseRevision: 0 }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(json<CompanyFile>(await getFile(user.accessToken)).revision).toBe(1);
  });

  it("never shows or overwrites another user's file", async () => {
    const owner = await server.signup();
    const other = await server.signup();
    await saved(owner, { fullName: 'Propriétaire' }, 0);

    expect(json(await getFile(other.accessToken))).toMatchObject({ revision: 0, status: 'new', data: {} });
    // The other user's revision 1 is their own file's, not the owner's.
    const response = await saveDraft(other.accessToken, {
      data: { fullName: 'Intrus' },
      step: 0,
      baseRevision: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(json<CompanyFileConflict>(response).file).toMatchObject({ revision: 0, data: {} });
    await saved(other, { fullName: 'Autre' }, 0);
    expect(json(await getFile(owner.accessToken))).toMatchObject({
      revision: 1,
      data: { fullName: 'Propriétaire' },
    });
  });

  it('saves a step past the last wizard step as the last step', async () => {
    const user = await server.signup();
    expect(await saved(user, {}, 0, 20)).toMatchObject({ step: LAST_STEP });
  });

  it('never answers a 500 to a malformed body, and saves nothing', async () => {
    const user = await server.signup();
    const manyKeys = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`field${index}`, index]));
    const deep = JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) as unknown;
    for (const body of [
      'null',
      '[]',
      '{',
      '',
      '"text"',
      {},
      { data: {}, step: 0 },
      { data: {}, baseRevision: 0 },
      { step: 0, baseRevision: 0 },
      { data: [], step: 0, baseRevision: 0 },
      { data: 'text', step: 0, baseRevision: 0 },
      { data: null, step: 0, baseRevision: 0 },
      { data: {}, step: -1, baseRevision: 0 },
      { data: {}, step: 21, baseRevision: 0 },
      { data: {}, step: 1e300, baseRevision: 0 },
      { data: {}, step: 1.5, baseRevision: 0 },
      { data: {}, step: '1', baseRevision: 0 },
      { data: {}, step: 0, baseRevision: -1 },
      { data: {}, step: 0, baseRevision: 2 ** 31 },
      { data: {}, step: 0, baseRevision: 0, extra: true },
      { data: manyKeys, step: 0, baseRevision: 0 },
      { data: { deep }, step: 0, baseRevision: 0 },
      // A lone surrogate: valid JSON, but not text PostgreSQL's jsonb accepts.
      '{"data":{"fullName":"\\ud800"},"step":0,"baseRevision":0}',
      '{"data":{"\\udc00":1},"step":0,"baseRevision":0}',
      '{"data":{"fullName":"a\\u0000b"},"step":0,"baseRevision":0}',
    ]) {
      const response = await saveDraft(user.accessToken, body);
      const label = typeof body === 'string' ? body : JSON.stringify(body).slice(0, 80);
      expect(response.statusCode, label).toBe(400);
      expect(typeof json(response).message, label).toBe('string');
    }
    const plain = await server.request('/api/company-file/draft', {
      token: user.accessToken,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.statusCode).toBeLessThan(500);
    expect(json(await getFile(user.accessToken))).toMatchObject({ revision: 0, status: 'new' });
  });
});

describe('POST /api/company-file/submit', () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await server.signup();
  });

  const submitted = (data: Record<string, unknown>) => submit(user.accessToken, { data });
  const errorsOf = async (data: Record<string, unknown>) => {
    const response = await submitted(data);
    expect(response.statusCode, response.body).toBe(422);
    const body = json<CompanyFileInvalid>(response);
    expect(body.error).toBe('Unprocessable Entity');
    expect(typeof body.message).toBe('string');
    return body.errors;
  };

  it.each<[string, (data: Record<string, unknown>) => void, Record<string, unknown>]>([
    [
      "a person's missing birth name",
      (data) => delete (data.persons as Record<string, unknown>[])[0]?.lastName,
      {
        step: 'people',
        path: '/persons/0',
        keyword: 'requiredWhen',
        params: { missingProperty: 'lastName' },
      },
    ],
    [
      'a share capital of 0',
      (data) => (data.shareCapital = 0),
      { step: 'company-details', path: '/shareCapital', keyword: 'minimum' },
    ],
    [
      "subscribers' shares that do not add up to numberOfShares",
      (data) => (data.numberOfShares = 120),
      {
        step: 'subscribers',
        path: '/subscribers',
        keyword: 'sumMatches',
        params: { property: 'shares', sum: 100, expected: 120 },
      },
    ],
    [
      'a paid amount above its subscription',
      (data) =>
        (data.subscribers = [{ ...firstSubscriber(data), paidAmount: 700 }, ...otherSubscribers(data)]),
      { step: 'subscribers', path: '/subscribers/0/paidAmount', keyword: 'maximum' },
    ],
    [
      'no non-conviction statement',
      (data) => (data.nonConvictionStatement = false),
      { step: 'legal-declaration', path: '/nonConvictionStatement', keyword: 'const' },
    ],
    [
      'a signature date in the future',
      (data) => (data.dateOfSignature = isoDate(3)),
      { step: 'legal-declaration', path: '/dateOfSignature', keyword: 'notAfterToday' },
    ],
    [
      "a first financial year's closing date before the date of signature",
      (data) => (data.firstFinancialYearEnd = '2000-12-31'),
      { step: 'company-details', path: '/firstFinancialYearEnd', keyword: 'afterDate' },
    ],
    [
      "a first financial year's closing date after 31 December of the year after the signature",
      (data) =>
        (data.firstFinancialYearEnd = `${Number(String(data.dateOfSignature).slice(0, 4)) + 2}-01-31`),
      { step: 'company-details', path: '/firstFinancialYearEnd', keyword: 'notAfterYearEnd' },
    ],
    [
      'a field that no step declares',
      (data) => (data.favouriteColour = 'green'),
      {
        step: null,
        path: '/favouriteColour',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'favouriteColour' },
      },
    ],
  ])(
    'answers 422 naming the step and the place of %s, and saves nothing',
    async (_label, spoil, expected) => {
      const before = json(await getFile(user.accessToken));
      const data = validData();
      spoil(data);
      const errors = await errorsOf(data);
      expect(errors).toContainEqual(expect.objectContaining(expected));
      for (const error of errors) {
        expect(Object.keys(error).sort()).toEqual(['keyword', 'params', 'path', 'step']);
      }
      expect(json(await getFile(user.accessToken))).toEqual(before);
    },
  );

  it('asks first for the country, the legal form and the currency', async () => {
    const errors = await errorsOf({});
    expect(errors.map((error) => `${error.step} ${error.path} ${error.keyword}`).sort()).toEqual([
      'company-form /currency required',
      'company-form /jurisdiction required',
      'company-form /legalForm required',
    ]);
  });

  it("lists every problem of every step of the file's legal form at once", async () => {
    const errors = await errorsOf({ jurisdiction: 'FR', legalForm: 'SAS', currency: 'EUR' });
    expect(new Set(errors.map((error) => error.step))).toEqual(
      new Set(['people', 'company-details', 'management', 'legal-declaration', 'subscribers']),
    );
    expect(errors).toContainEqual({
      step: 'management',
      path: '/managers',
      keyword: 'required',
      params: { missingProperty: 'managers' },
    });
  });

  it('refuses a malformed body with 400', async () => {
    for (const body of ['null', '[]', {}, { data: [] }, { data: 'x' }, { data: validData(), step: 4 }]) {
      const response = await submit(user.accessToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('submits a valid file, which saving a draft then amends and a new submission submits again', async () => {
    const founder = await server.signup();
    await saved(founder, { persons: [{ id: 'p1', kind: 'natural', firstNames: 'Camille' }] }, 0, 2);
    const data = validData();

    const response = await submit(founder.accessToken, { data });
    expect(response.statusCode, response.body).toBe(200);
    const first = json<CompanyFile>(response);
    expect(first).toMatchObject({ revision: 2, step: LAST_STEP, data, status: 'submitted' });
    expect(first.submittedAt).toBe(first.updatedAt);
    expect(Date.parse(first.submittedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // It reopens exactly as submitted.
    expect(json(await getFile(founder.accessToken))).toEqual(first);

    const amended = await saved(founder, { ...data, companyName: 'Dupont & Fils' }, 2, 1);
    expect(amended).toMatchObject({
      revision: 3,
      step: 1,
      status: 'amended',
      submittedAt: first.submittedAt,
    });

    const again = await submit(founder.accessToken, { data: amended.data });
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again)).toMatchObject({
      revision: 4,
      status: 'submitted',
      data: { companyName: 'Dupont & Fils' },
    });
  });

  it('submits a file that was never saved as revision 1', async () => {
    const founder = await server.signup();
    const response = await submit(founder.accessToken, { data: validData() });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ revision: 1, step: LAST_STEP, status: 'submitted' });
  });

  it('answers 409 REVISION_CONFLICT with the current file to a stale baseRevision, and stores nothing', async () => {
    const founder = await server.signup();
    await saved(founder, { persons: [{ id: 'p1', kind: 'natural', firstNames: 'Camille' }] }, 0);
    const current = await saved(founder, { ...validData(), companyName: 'Saisi ailleurs' }, 1, 2);

    const response = await submit(founder.accessToken, { data: validData(), baseRevision: 1 });
    expect(response.statusCode, response.body).toBe(409);
    const body = json<CompanyFileConflict & { code?: string }>(response);
    expect(body).toMatchObject({ error: 'Conflict', code: 'REVISION_CONFLICT' });
    expect(body.message).toContain('revision 2');
    expect(body.file).toEqual(current);
    // Nothing stored: neither the draft nor a submission.
    expect(json(await getFile(founder.accessToken))).toEqual(current);

    // A first submission (base 0) of a file that exists, and a base ahead of the file, are stale too.
    for (const baseRevision of [0, 3]) {
      const stale = await submit(founder.accessToken, { data: validData(), baseRevision });
      expect(stale.statusCode).toBe(409);
      expect(json<CompanyFileConflict>(stale).file).toEqual(current);
    }
    expect(json(await getFile(founder.accessToken))).toMatchObject({ revision: 2, status: 'draft' });
  });

  it('submits with the current baseRevision (0 for a file never saved), and without one as older apps do', async () => {
    const founder = await server.signup();
    const first = await submit(founder.accessToken, { data: validData(), baseRevision: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toMatchObject({ revision: 1, status: 'submitted' });

    const amended = await saved(founder, { ...validData(), companyName: 'Dupont & Fils' }, 1, 1);
    const right = await submit(founder.accessToken, { data: amended.data, baseRevision: amended.revision });
    expect(right.statusCode, right.body).toBe(200);
    expect(json(right)).toMatchObject({
      revision: 3,
      status: 'submitted',
      data: { companyName: 'Dupont & Fils' },
    });

    // No baseRevision: the submission replaces whatever was saved, as before.
    await saved(founder, { ...validData(), companyName: 'Autre nom' }, 3, 1);
    const absent = await submit(founder.accessToken, { data: validData() });
    expect(absent.statusCode, absent.body).toBe(200);
    expect(json(absent)).toMatchObject({ revision: 5, status: 'submitted', data: validData() });
  });

  it("never overwrites a co-founder's correction of their record saved after the founder's page loaded", async () => {
    const founder = await server.signup({ firstname: 'Camille', lastname: 'Dupont', language: 'fr' });
    const cofounder = await server.signup({ firstname: 'Alex', lastname: 'Subscriber', language: 'en' });
    const first = await submit(founder.accessToken, { data: validData(), baseRevision: 0 });
    expect(first.statusCode, first.body).toBe(200);
    const loaded = json<CompanyFile>(first);
    const invited = await server.request('/api/company-file/members', {
      body: { personId: 'p2', email: cofounder.email, language: 'en' },
      token: founder.accessToken,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = server.mail.lastLinkTo(cofounder.email).split('/').at(-1) ?? '';
    const accepted = await server.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      token: cofounder.accessToken,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const p2 = (loaded.data.persons as Record<string, unknown>[])[1] ?? {};
    const corrected = { ...p2, address: '8 quai des Chartrons, 33000 Bordeaux, France' };
    const record = await server.request(`/api/company-files/${founder.userId}/persons/p2`, {
      method: 'PUT',
      body: { person: corrected, baseRevision: loaded.revision },
      token: cofounder.accessToken,
    });
    expect(record.statusCode, record.body).toBe(200);

    // The founder submits from the page loaded before the correction: refused, with the correction.
    const stale = await submit(founder.accessToken, {
      data: { ...loaded.data, companyName: 'Dupont Frères' },
      baseRevision: loaded.revision,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const conflict = json<CompanyFileConflict>(stale);
    expect(conflict.file.revision).toBe(loaded.revision + 1);
    expect((conflict.file.data.persons as Record<string, unknown>[])[1]).toMatchObject({
      address: corrected.address,
    });
    expect(json<CompanyFile>(await getFile(founder.accessToken)).data).toEqual(conflict.file.data);

    // Merged and submitted again from the current revision: both changes are kept.
    const again = await submit(founder.accessToken, {
      data: { ...conflict.file.data, companyName: 'Dupont Frères' },
      baseRevision: conflict.file.revision,
    });
    expect(again.statusCode, again.body).toBe(200);
    const file = json<CompanyFile>(again);
    expect(file.data.companyName).toBe('Dupont Frères');
    expect((file.data.persons as Record<string, unknown>[])[1]).toMatchObject({ address: corrected.address });
  });
});

describe('the rules of each legal form (schemas/jurisdictions/)', () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await server.signup();
  });

  const FORMS: LegalFormId[] = ['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL', 'RO-SRL', 'RO-SRL_SOLE'];
  const fileOf = (form: LegalFormId) => completeCompanyFile(2, isoDate(-3), form);
  const problemsOf = async (data: Record<string, unknown>) => {
    const response = await submit(user.accessToken, { data });
    expect(response.statusCode, response.body).toBe(422);
    return json<CompanyFileInvalid>(response).errors.map(({ step, path, keyword }) => ({
      step,
      path,
      keyword,
    }));
  };
  /** The file with `count` subscribers sharing its shares and capital evenly, fully paid. */
  const withSubscriberCount = (data: Record<string, unknown>, count: number) => {
    const shares = data.numberOfShares as number;
    const capital = data.shareCapital as number;
    const subscribers = Array.from({ length: count }, (_, index) => ({
      name: `Associé ${index + 1}`,
      address: 'Paris',
      shares: index === 0 ? shares - (count - 1) : 1,
      subscription: index === 0 ? capital - (count - 1) * 10 : 10,
      paidAmount: index === 0 ? capital - (count - 1) * 10 : 10,
    }));
    return { ...data, subscribers };
  };

  it.each(FORMS)(
    'accepts a complete %s file, stored with its jurisdiction, form and currency',
    async (form) => {
      const data = fileOf(form);
      const response = await submit(user.accessToken, { data });
      expect(response.statusCode, response.body).toBe(200);
      const [jurisdiction, legalForm] = form.split('-');
      expect(json<CompanyFile>(response).data).toMatchObject({
        jurisdiction,
        legalForm,
        currency: jurisdiction === 'RO' ? 'RON' : 'EUR',
      });
    },
  );

  it.each<LegalFormId>(['FR-SASU', 'FR-EURL', 'RO-SRL_SOLE'])(
    'refuses a second associate in a single-associate form (%s)',
    async (form) => {
      const data = withSubscriberCount(fileOf(form), 2);
      expect(await problemsOf(data)).toContainEqual({
        step: 'subscribers',
        path: '/subscribers',
        keyword: 'maxItems',
      });
    },
  );

  it.each<LegalFormId>(['FR-SAS', 'FR-SARL', 'RO-SRL'])(
    'asks for two associates or more in a %s',
    async (form) => {
      const data = withSubscriberCount(fileOf(form), 1);
      expect(await problemsOf(data)).toContainEqual({
        step: 'subscribers',
        path: '/subscribers',
        keyword: 'minItems',
      });
    },
  );

  it('refuses more than 50 associates in a Romanian SRL (Legea 31/1990, art. 12)', async () => {
    const data = withSubscriberCount({ ...fileOf('RO-SRL'), numberOfShares: 100, shareCapital: 5000 }, 51);
    expect(await problemsOf(data)).toContainEqual({
      step: 'subscribers',
      path: '/subscribers',
      keyword: 'maxItems',
    });
  });

  it.each<[LegalFormId, number]>([
    ['FR-SAS', 0],
    ['FR-EURL', 0.5],
    ['RO-SRL', 499],
    ['RO-SRL_SOLE', 100],
  ])('refuses a %s capital below its minimum (%d)', async (form, capital) => {
    const data = fileOf(form);
    expect(await problemsOf({ ...data, shareCapital: capital })).toContainEqual({
      step: 'company-details',
      path: '/shareCapital',
      keyword: 'minimum',
    });
  });

  it('asks a Romanian file for its main CAEN code, and only codes of the classification', async () => {
    const { caenMain: _missing, ...withoutCaen } = fileOf('RO-SRL');
    expect(await problemsOf(withoutCaen)).toContainEqual({
      step: 'company-details',
      path: '/caenMain',
      keyword: 'required',
    });
    expect(await problemsOf({ ...fileOf('RO-SRL'), caenMain: '9999' })).toContainEqual({
      step: 'company-details',
      path: '/caenMain',
      keyword: 'enum',
    });
    expect(await problemsOf({ ...fileOf('RO-SRL'), caenSecondary: ['4724', '4724'] })).toContainEqual({
      step: 'company-details',
      path: '/caenSecondary',
      keyword: 'uniqueItems',
    });
  });

  it('refuses a CAEN code in a French file: no French step has it', async () => {
    expect(await problemsOf({ ...fileOf('FR-SAS'), caenMain: '1071' })).toContainEqual({
      step: null,
      path: '/caenMain',
      keyword: 'additionalProperties',
    });
  });

  it('refuses a French file in RON, and a French file with a Romanian form', async () => {
    expect(await problemsOf({ ...fileOf('FR-SASU'), currency: 'RON' })).toContainEqual({
      step: 'company-form',
      path: '/currency',
      keyword: 'const',
    });
    expect(await problemsOf({ ...fileOf('FR-SAS'), legalForm: 'SRL' })).toContainEqual({
      step: 'company-form',
      path: '/legalForm',
      keyword: 'enum',
    });
  });

  it('asks a French file for its duration, at most 99 years; a Romanian one may be unlimited', async () => {
    const { durationYears: _none, ...french } = fileOf('FR-SARL');
    expect(await problemsOf(french)).toContainEqual({
      step: 'company-details',
      path: '/durationYears',
      keyword: 'required',
    });
    expect(await problemsOf({ ...fileOf('FR-SARL'), durationYears: 100 })).toContainEqual({
      step: 'company-details',
      path: '/durationYears',
      keyword: 'maximum',
    });
    const romanian = await submit(user.accessToken, { data: { ...fileOf('RO-SRL'), durationYears: 150 } });
    expect(romanian.statusCode, romanian.body).toBe(200);
  });

  it('has a SAS pay up half of each subscription at formation, a SARL a fifth, an SRL nothing yet', async () => {
    const paid = (form: LegalFormId, fraction: number) => {
      const data = fileOf(form);
      const subscribers = (data.subscribers as Record<string, number>[]).map((subscriber) => ({
        ...subscriber,
        paidAmount: (subscriber.subscription ?? 0) * fraction,
      }));
      return { ...data, subscribers };
    };
    expect(await problemsOf(paid('FR-SAS', 0.4))).toContainEqual({
      step: 'subscribers',
      path: '/subscribers/0/paidAmount',
      keyword: 'atLeastTimes',
    });
    expect((await submit(user.accessToken, { data: paid('FR-SAS', 0.5) })).statusCode).toBe(200);
    expect(await problemsOf(paid('FR-SARL', 0.1))).toContainEqual({
      step: 'subscribers',
      path: '/subscribers/1/paidAmount',
      keyword: 'atLeastTimes',
    });
    expect((await submit(user.accessToken, { data: paid('FR-EURL', 0.2) })).statusCode).toBe(200);
    expect((await submit(user.accessToken, { data: paid('RO-SRL', 0) })).statusCode).toBe(200);
  });

  it('lets a SAS have one president only, a SARL several gérants', async () => {
    // Three managers: the founder and two more persons of the file.
    const managers = (data: Record<string, unknown>) => {
      const persons = data.persons as Record<string, unknown>[];
      const first = persons[0] ?? {};
      data.persons = [
        ...persons,
        { ...first, id: 'p8', firstNames: 'Jean' },
        { ...first, id: 'p9', firstNames: 'Marie' },
      ];
      return [{ personId: 'p1' }, { personId: 'p8' }, { personId: 'p9' }];
    };
    const sas = fileOf('FR-SAS');
    const sasManagers = managers(sas);
    expect(await problemsOf({ ...sas, managers: sasManagers })).toContainEqual({
      step: 'management',
      path: '/managers',
      keyword: 'maxItems',
    });
    const sarl = fileOf('FR-SARL');
    const sarlManagers = managers(sarl);
    expect((await submit(user.accessToken, { data: { ...sarl, managers: sarlManagers } })).statusCode).toBe(
      200,
    );
    expect(await problemsOf({ ...sarl, managers: [] })).toContainEqual({
      step: 'management',
      path: '/managers',
      keyword: 'minItems',
    });
  });

  /** The key of the message the wizard shows for `keyword` on a top-level field of a step of `form`. */
  function messageKey(form: LegalFormId, stepId: string, field: string, keyword: string): string {
    const step = resolveWizard(readWizardSource(process.cwd()))
      .stepsOf(form)
      ?.find((candidate) => candidate.id === stepId);
    const ui = step?.definition.uiSchema?.[field] as Record<string, Record<string, string>> | undefined;
    const key = ui?.['ui:errorMessages']?.[keyword];
    if (!key) throw new Error(`schemas/wizard/${stepId}.json gives ${field} no message for ${keyword}`);
    return key;
  }

  it.each<[LegalFormId, string, string, string]>([
    ['FR-SAS', 'Boulangerie Dupont SAS', 'SAS', 'Boulangerie Dupont'],
    ['FR-SASU', 'S.A.S.U. Boulangerie Dupont', 'S.A.S.U.', 'Boulangerie Dupont'],
    [
      'FR-SARL',
      'Boulangerie Dupont, société à responsabilité limitée',
      'société à responsabilité limitée',
      'Boulangerie Dupont',
    ],
    ['FR-EURL', 'Boulangerie Dupont eurl', 'eurl', 'Boulangerie Dupont'],
    ['RO-SRL', 'Cafeaua Bună SRL', 'SRL', 'Cafeaua Bună'],
    ['RO-SRL_SOLE', 'Cafeaua Bună S.R.L.', 'S.R.L.', 'Cafeaua Bună'],
  ])(
    'refuses a %s named "%s": the documents add the form, says the message',
    async (form, name, found, suggestion) => {
      const response = await submit(user.accessToken, { data: { ...fileOf(form), companyName: name } });
      expect(response.statusCode, response.body).toBe(422);
      expect(json<CompanyFileInvalid>(response).errors).toEqual([
        {
          step: 'company-details',
          path: '/companyName',
          keyword: 'legalFormSuffix',
          params: { found, suggestion },
        },
      ]);
      // What the wizard then shows under the field, in each language (the step's ui:errorMessages).
      const say = (language: string) =>
        translator(language)(messageKey(form, 'company-details', 'companyName', 'legalFormSuffix'), {
          found,
          suggestion,
        });
      expect(say('fr')).toBe(
        `Le nom ne doit pas contenir la forme juridique (« ${found} ») : elle est ajoutée aux documents. Écrivez « ${suggestion} ».`,
      );
      expect(say('en')).toBe(
        `The name must not include the legal form (“${found}”): the documents add it. Write “${suggestion}”.`,
      );
      expect(say('ro')).toBe(
        `Denumirea nu trebuie să conțină forma juridică („${found}”): aceasta se adaugă în documente. Scrieți „${suggestion}”.`,
      );
      // Without it, the same file is accepted.
      const accepted = await submit(user.accessToken, { data: { ...fileOf(form), companyName: suggestion } });
      expect(accepted.statusCode, accepted.body).toBe(200);
    },
  );

  it("asks a French manager's parents' names (declaration of filiation), not a Romanian one's", async () => {
    const french = fileOf('FR-SAS');
    const [founder, ...others] = french.persons as Record<string, unknown>[];
    const { fatherName: _father, ...withoutFather } = founder ?? {};
    expect(await problemsOf({ ...french, persons: [withoutFather, ...others] })).toContainEqual({
      step: 'management',
      path: '/managers/0/personId',
      keyword: 'personHas',
    });
    // An associate who is no manager needs no parents' names.
    expect((others[0] as Record<string, unknown>).fatherName).toBeUndefined();
    const romanian = fileOf('RO-SRL');
    expect((romanian.persons as Record<string, unknown>[])[0]).not.toHaveProperty('fatherName');
    expect((await submit(user.accessToken, { data: romanian })).statusCode).toBe(200);
  });
});

describe('files of an older version of the wizard', () => {
  it('opens a version 1 file from the database as a French SAS, each answer in its new place, on the same step', async () => {
    const user = await server.signup();
    const old = versionOneCompanyFile();
    await server.db.insert(companyFiles).values({
      userId: user.userId,
      revision: 3,
      step: 2,
      data: { ...old, favouriteColour: 'vert' },
      version: 1,
    });
    const file = json<CompanyFile>(await getFile(user.accessToken));
    // The founder's address differs between the founder and the associate of the same name: the second
    // one is set aside, where the founder sees it.
    expect(file).toMatchObject({
      revision: 3,
      version: VERSION,
      setAside: { favouriteColour: 'vert', 'subscribers.0.address': '12 rue de la Paix, Paris' },
      step: 3,
    });
    // What was set aside survives the next save, which sends only the current answers.
    const next = await saved(user, file.data, file.revision, 3);
    expect(next.setAside).toEqual(file.setAside);
    expect(file.data).toMatchObject({ jurisdiction: 'FR', legalForm: 'SAS', currency: 'EUR' });
    // Version 1 → 2 made the president a manager; 2 → 3 made each person one record the roles name.
    const persons = file.data.persons as Record<string, unknown>[];
    expect(persons.map((person) => [person.id, person.firstNames, person.lastName])).toEqual([
      ['p1', 'Camille', 'Dupont'],
      ['p2', 'Jean', 'Dupont'],
    ]);
    expect(persons[0]).toMatchObject({ dateOfBirth: old.dateOfBirth, fatherName: old.fatherName });
    expect(file.data.managers).toEqual([{ personId: 'p1' }]);
    expect(file.data.subscribers).toEqual([
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 600 },
      { personId: 'p2', shares: 40, subscription: 400, paidAmount: 100 },
    ]);
    for (const [name, value] of Object.entries(old))
      if (
        !/^(president|subscribers|fullName|dateOfBirth|placeOfBirth|nationality|address|fatherName|motherName)/.test(
          name,
        )
      )
        expect(file.data[name], name).toEqual(value);
  });

  it('migrates a draft sent by an older app (no version), keeping aside what has no place', async () => {
    const user = await server.signup();
    const response = await saveDraft(user.accessToken, {
      data: { companyName: 'Ancienne SAS', presidentName: 'Camille', favouriteColour: 'vert' },
      step: 1,
      baseRevision: 0,
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const file = json<CompanyFile>(response);
    expect(file).toMatchObject({
      version: VERSION,
      step: 2,
      data: {
        companyName: 'Ancienne SAS',
        jurisdiction: 'FR',
        persons: [{ id: 'p1', kind: 'natural', lastName: 'Camille' }],
        managers: [{ personId: 'p1' }],
      },
      setAside: { favouriteColour: 'vert' },
    });
    expect(file.data).not.toHaveProperty('favouriteColour');
    // Kept across later saves until the founder has dealt with it.
    const next = await saved(user, { ...file.data, companyName: 'Nouvelle SAS' }, file.revision, 2);
    expect(next.setAside).toEqual({ favouriteColour: 'vert' });
  });

  it('submits a version 1 file once migrated, checked by the current rules', async () => {
    const user = await server.signup();
    const old = versionOneCompanyFile();
    // A SAS pays up half of each subscription now: 100 of 400 is refused, 200 passes.
    const refused = await submit(user.accessToken, { data: old, version: 1 });
    expect(refused.statusCode).toBe(422);
    // Once migrated, the persons lack what version 3 asks (civility, marital status, the second
    // associate's birth): the founder completes them in the wizard, then the file passes.
    const migrated = json<CompanyFile>(
      await saveDraft(user.accessToken, { data: old, step: 0, baseRevision: 0, version: 1 }),
    );
    const persons = (migrated.data.persons as Record<string, unknown>[]).map((person) => ({
      ...person,
      civility: 'M',
      dateOfBirth: '1960-01-02',
      placeOfBirth: 'Lyon, France',
      nationality: 'FR',
      address: '3 place Bellecour, Lyon',
      ...(person.id === 'p1' ? { dateOfBirth: '1990-05-17' } : {}),
      maritalStatus: 'single',
    }));
    const subscribers = (migrated.data.subscribers as Record<string, unknown>[]).map((subscriber) => ({
      ...subscriber,
      paidAmount: subscriber.subscription,
    }));
    const accepted = await submit(user.accessToken, {
      // Its name ended with "SAS", which the documents now add themselves.
      data: { ...migrated.data, companyName: 'Boulangerie Dupont', persons, subscribers },
      version: VERSION,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json<CompanyFile>(accepted)).toMatchObject({
      version: VERSION,
      data: { jurisdiction: 'FR', legalForm: 'SAS' },
    });
  });

  it('refuses a file of a version it cannot migrate, saying so, and saves nothing', async () => {
    const user = await server.signup();
    for (const request of [
      () => submit(user.accessToken, { data: validData(), version: VERSION + 1 }),
      () =>
        saveDraft(user.accessToken, { data: validData(), step: 0, baseRevision: 0, version: VERSION + 1 }),
    ]) {
      const response = await request();
      expect(response.statusCode, response.body).toBe(422);
      const body = json<CompanyFileInvalid>(response);
      expect(body.message).toMatch(/version/);
      expect(body.errors).toEqual([
        {
          step: null,
          path: '/version',
          keyword: 'version',
          params: { version: VERSION + 1, current: VERSION, oldest: 1 },
        },
      ]);
    }
    expect(json(await getFile(user.accessToken))).toMatchObject({ revision: 0, status: 'new' });
  });
});
