/** The company file of the wizard (openapi: getCompanyFile, saveCompanyFileDraft, submitCompanyFile). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { components } from '../../src/lib/api/schema';
import { completeCompanyFile } from '../fixtures/company-file';
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

/** A complete file that passes every step of schemas/wizard/: two subscribers, 60 and 40 of 100 shares. */
function validData(): Record<string, unknown> {
  return {
    ...completeCompanyFile(1, isoDate(-3)),
    shareCapital: 1000,
    numberOfShares: 100,
    subscribers: [
      {
        name: 'Camille Dupont',
        address: '12 rue de la Paix, Paris',
        shares: 60,
        subscription: 600,
        paidAmount: 600,
      },
      {
        name: 'Jean Dupont',
        address: '3 place Bellecour, Lyon',
        shares: 40,
        subscription: 400,
        paidAmount: 100,
      },
    ],
  };
}

const subscribersOf = (data: Record<string, unknown>) => data.subscribers as Record<string, unknown>[];
const firstSubscriber = (data: Record<string, unknown>) => subscribersOf(data)[0] ?? {};
const otherSubscribers = (data: Record<string, unknown>) => subscribersOf(data).slice(1);

const getFile = (token?: string) => server.request('/api/company-file', token === undefined ? {} : { token });
const saveDraft = (token: string | undefined, body: unknown) =>
  server.request('/api/company-file/draft', { body, ...(token === undefined ? {} : { token }) });
const submit = (token: string | undefined, body: unknown) =>
  server.request('/api/company-file/submit', { body, ...(token === undefined ? {} : { token }) });

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
    expect(await saved(user, {}, 0, 20)).toMatchObject({ step: 4 });
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
      'a missing required field',
      (data) => delete data.fullName,
      { step: 'personal-information', path: '/fullName', keyword: 'required' },
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

  it('lists every problem of every step at once', async () => {
    const errors = await errorsOf({});
    expect(new Set(errors.map((error) => error.step))).toEqual(
      new Set(['personal-information', 'company-details', 'management', 'legal-declaration', 'subscribers']),
    );
    expect(errors).toContainEqual({
      step: 'management',
      path: '/presidentName',
      keyword: 'required',
      params: { missingProperty: 'presidentName' },
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
    await saved(founder, { fullName: 'Camille' }, 0, 2);
    const data = validData();

    const response = await submit(founder.accessToken, { data });
    expect(response.statusCode, response.body).toBe(200);
    const first = json<CompanyFile>(response);
    expect(first).toMatchObject({ revision: 2, step: 4, data, status: 'submitted' });
    expect(first.submittedAt).toBe(first.updatedAt);
    expect(Date.parse(first.submittedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // It reopens exactly as submitted.
    expect(json(await getFile(founder.accessToken))).toEqual(first);

    const amended = await saved(founder, { ...data, companyName: 'Dupont & Fils SAS' }, 2, 1);
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
      data: { companyName: 'Dupont & Fils SAS' },
    });
  });

  it('submits a file that was never saved as revision 1', async () => {
    const founder = await server.signup();
    const response = await submit(founder.accessToken, { data: validData() });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ revision: 1, step: 4, status: 'submitted' });
  });
});
