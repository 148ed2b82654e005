/**
 * What a free account can make the server do with documents (security review R3-01, R3-09, R3-I3):
 * a file holds no more people than its legal form allows; associates and managers are matched in
 * linear time; documents are written by worker threads, so a cheap request does not wait for six
 * previews of the largest legal file; the pool refuses (503) rather than queue without end; each
 * account has its previews, downloads, draft saves and checkouts a minute; a preview is built once
 * for the same answers; and a document not bought is previewed without its standard clauses.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import { NO_ACCOUNT_LIMITS } from '../../server/services/accounts';
import { nameKey } from '../../server/services/documents/document-context';
import {
  completeCompanyFile,
  FORM_LIMITS,
  largestCompanyFile,
  type CompanyFileValues,
  type LegalFormId,
} from '../fixtures/company-file';
import { pdfText, squeeze } from './document-text';
import { buyLocally, json, startTestServer, type SignedUpUser, type TestServer, orderBody } from './harness';

const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };

type Block = { kind: string; text?: string; items?: string[]; words?: number };
interface Preview {
  complete: boolean;
  blocks: Block[];
}

let server: TestServer;

beforeAll(async () => {
  // One thread: six previews then take long enough for a cheap request to come in among them.
  server = await startTestServer({ workers: { threads: 1 } });
});
afterAll(() => server.close());

/** The version of the wizard's steps the app is built with (absent, the server reads version 1). */
const VERSION = stepsFile.version;

async function draft(user: SignedUpUser, data: CompanyFileValues, step = 2) {
  const response = await server.request('/api/company-file/draft', {
    body: { data, step, baseRevision: 0, version: VERSION },
    token: user.accessToken,
  });
  return response;
}

const preview = (user: SignedUpUser, sku = 'LEGAL_STATUSES') =>
  server.request(`/api/documents/${sku}/preview`, { token: user.accessToken, deliverMail: false });

/**
 * The review's draft: a SAS of 3,300 subscribers and 150 managers, each a person of the file. Within
 * the body's 256 kB (about 218 kB: persons and roles by reference only, as a draft may hold them), so
 * that the bound on people, not on size, refuses it.
 */
function reviewDraft(): CompanyFileValues {
  return {
    ...completeCompanyFile(2, '2026-01-15', 'FR-SAS'),
    persons: Array.from({ length: 3450 }, (_, index) => ({ id: `p${index + 1}`, kind: 'natural' })),
    shareCapital: 3300,
    numberOfShares: 3300,
    subscribers: Array.from({ length: 3300 }, (_, index) => ({ personId: `p${index + 1}`, shares: 1 })),
    managers: Array.from({ length: 150 }, (_, index) => ({ personId: `p${3300 + index + 1}` })),
  };
}

describe('a company file holds no more people than its legal form allows, whatever its step', () => {
  it('refuses the review’s draft of 3,300 subscribers and 150 managers (400), storing nothing', async () => {
    const user = await server.signup();
    const response = await draft(user, reviewDraft());
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(
      /^body\/data\/(persons has 3450 entries; a FR-SAS company file holds at most 200|subscribers has 3300 entries; a FR-SAS company file holds at most 149|managers has 150 entries; a FR-SAS company file holds at most 1)$/,
    );
    const file = json<{ revision: number }>(
      await server.request('/api/company-file', { token: user.accessToken }),
    );
    expect(file.revision).toBe(0);
  });

  it.each(Object.entries(FORM_LIMITS) as [LegalFormId, { associates: number; managers: number }][])(
    'takes the largest %s file, and refuses one associate or one manager more',
    async (form, limits) => {
      const user = await server.signup();
      const largest = largestCompanyFile(form);
      expect((await draft(user, largest)).statusCode).toBe(200);
      const subscribers = largest.subscribers as Record<string, unknown>[];
      const managers = largest.managers as Record<string, unknown>[];
      // A short one: the largest file is already near the body's limit.
      const oneMore = (list: Record<string, unknown>[]) => [...list, { personId: 'p1' }];
      const other = await server.signup();
      for (const [field, data] of [
        ['subscribers', { ...largest, subscribers: oneMore(subscribers) }],
        ['managers', { ...largest, managers: oneMore(managers) }],
      ] as const) {
        // On the first step as on the last: a draft's size does not wait for the step that checks it.
        for (const step of [0, 5]) {
          const response = await draft(other, data, step);
          expect(response.statusCode, `${form} ${field} step ${step}`).toBe(400);
          const max = field === 'subscribers' ? limits.associates : limits.managers;
          expect(json(response).message).toContain(`at most ${max}`);
        }
      }
    },
  );

  it('bounds a file with no legal form yet by the largest any form allows', async () => {
    const user = await server.signup();
    const people = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ personId: `p${index + 1}` }));
    expect((await draft(user, { subscribers: people(150) }, 0)).statusCode).toBe(400);
    expect((await draft(user, { subscribers: people(149) }, 0)).statusCode).toBe(200);
  });
});

describe('associates and managers are matched by name in linear time', () => {
  it('matches names as localeCompare at base sensitivity does, for French and Romanian names', () => {
    const letters = fc.constantFrom(...'aAeEéÉèÈêîÎiIoOôșȘşțȚţăĂâÂçÇœŒ -'.split(''));
    // Trimmed, as the documents read every name.
    const name = fc
      .array(letters, { minLength: 1, maxLength: 8 })
      .map((chars) => chars.join('').trim())
      .filter((text) => text !== '');
    fc.assert(
      fc.property(name, name, (a, b) => {
        const same = a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
        return (nameKey(a) === nameKey(b)) === same;
      }),
      { numRuns: 2000 },
    );
    expect(nameKey('  Élodie ȘTEFĂNESCU ')).toBe(nameKey('elodie stefanescu'));
    expect(nameKey('Lætitia Cœur')).toBe(nameKey('LAETITIA COEUR'));
  });
});

describe('documents are written off the event loop', () => {
  it('answers a cheap request in under a second while six previews of the largest legal file run', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => server.signup()));
    for (const [index, user] of users.entries()) {
      // Six different files: none is answered from the cache.
      const saved = await draft(user, { ...largestCompanyFile('FR-SAS'), companyName: `Charge ${index}` });
      expect(saved.statusCode).toBe(200);
    }
    const pool = server.app.workerPool;
    const allPosted = new Promise<void>((resolve) => {
      const listener = (pending: number) => {
        if (pending < 6) return;
        pool.events.off('change', listener);
        resolve();
      };
      pool.events.on('change', listener);
    });
    const previews = users.map((user) => preview(user));
    await allPosted;
    const started = performance.now();
    const cheap = await server.request('/api/marketing/offers/list', { deliverMail: false });
    const waited = performance.now() - started;
    const stillWriting = pool.pending;
    console.log(
      `cheap request answered in ${waited.toFixed(0)} ms with ${stillWriting} of 6 previews pending`,
    );
    expect(cheap.statusCode).toBe(200);
    // The previews were still being written: the request did not wait for them.
    expect(stillWriting).toBeGreaterThan(0);
    expect(waited).toBeLessThan(1000);
    for (const response of await Promise.all(previews)) expect(response.statusCode).toBe(200);
  });

  it('builds a preview once for the same answers, and again when they change', async () => {
    const user = await server.signup();
    await draft(user, completeCompanyFile(3, '2026-01-15', 'FR-SARL'));
    let posted = 0;
    const count = (pending: number, previous = 0) => (pending > previous ? (posted += 1) : posted);
    let last = server.app.workerPool.pending;
    const listener = (pending: number) => {
      count(pending, last);
      last = pending;
    };
    server.app.workerPool.events.on('change', listener);
    try {
      const first = await preview(user);
      const second = await preview(user);
      expect(second.body).toBe(first.body);
      expect(posted).toBe(1);
      const changed = await server.request('/api/company-file/draft', {
        body: {
          data: { ...completeCompanyFile(3, '2026-01-15', 'FR-SARL'), companyName: 'Autre' },
          step: 2,
          baseRevision: 1,
          version: VERSION,
        },
        token: user.accessToken,
      });
      expect(changed.statusCode).toBe(200);
      expect((await preview(user)).body).toContain('Autre');
      expect(posted).toBe(2);
    } finally {
      server.app.workerPool.events.off('change', listener);
    }
  });
});

describe('the pool refuses rather than queue without end', () => {
  // The queue's bound is tested on the pool itself (worker-pool.test.ts), where a task can be held.
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ workers: { threads: 1, taskTimeoutMs: 1 } });
  });
  afterAll(() => slow.close());

  it('answers 503 with Retry-After and a message when a document passes its time limit', async () => {
    const user = await slow.signup();
    await slow.request('/api/company-file/draft', {
      body: { data: completeCompanyFile(2), step: 2, baseRevision: 0, version: VERSION },
      token: user.accessToken,
    });
    const late = await slow.request('/api/documents/LEGAL_STATUSES/preview', { token: user.accessToken });
    expect(late.statusCode).toBe(503);
    expect(json(late).message).toBe('This document took too long to write; please retry in a few seconds.');
  }, 60_000);
});

describe('each account has its share', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      accountLimits: {
        ...NO_ACCOUNT_LIMITS,
        documentPreviews: { max: 2, windowMs: 60_000 },
        documentDownloads: { max: 2, windowMs: 60_000 },
        draftSaves: { max: 3, windowMs: 60_000 },
        checkoutSessions: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => limited.close());

  it('limits previews, downloads, draft saves and checkouts per account (429 with Retry-After)', async () => {
    const user = await limited.signup();
    const other = await limited.signup();
    const save = (who: SignedUpUser, revision: number) =>
      limited.request('/api/company-file/draft', {
        body: { data: completeCompanyFile(2), step: 2, baseRevision: revision, version: VERSION },
        token: who.accessToken,
      });
    expect((await save(user, 0)).statusCode).toBe(200);
    await buyLocally(limited, user, STANDARD); // one checkout
    const statuses = async (url: string, times: number, who = user) => {
      const codes: number[] = [];
      for (let i = 0; i < times; i += 1)
        codes.push((await limited.request(url, { token: who.accessToken })).statusCode);
      return codes;
    };
    expect(await statuses('/api/documents/LEGAL_STATUSES/preview', 3)).toEqual([200, 200, 429]);
    // Downloads count apart from previews (409: nothing submitted yet, but counted all the same).
    expect(await statuses('/api/documents/LEGAL_STATUSES', 3)).toEqual([409, 409, 429]);
    expect((await save(user, 1)).statusCode).toBe(200);
    expect((await save(user, 2)).statusCode).toBe(200);
    const tooMany = await save(user, 3);
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    const checkout = () =>
      limited.request('/api/checkout/create-session', { body: orderBody(PREMIUM), token: user.accessToken });
    expect((await checkout()).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(429);
    // Another account is not held back by this one.
    expect((await save(other, 0)).statusCode).toBe(200);
    expect(await statuses('/api/documents/LEGAL_STATUSES/preview', 1, other)).toEqual([200]);
  }, 60_000);
});

describe('a free preview is not the product (R3-09)', () => {
  it('withholds the standard clauses of a document not bought, and shows its owner the whole text', async () => {
    const data = { ...completeCompanyFile(2, '2026-01-15', 'FR-SAS'), companyName: 'Atelier Témoin' };
    const visitor = await server.signup();
    const owner = await server.signup();
    for (const user of [visitor, owner]) expect((await draft(user, data)).statusCode).toBe(200);
    await buyLocally(server, owner, STANDARD);
    const submitted = await server.request('/api/company-file/submit', {
      body: { data, version: VERSION },
      token: owner.accessToken,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const free = json<Preview>(await preview(visitor));
    const paid = json<Preview>(await preview(owner));
    expect(free.complete).toBe(false);
    expect(paid.complete).toBe(true);
    expect(paid.blocks.some((block) => block.kind === 'withheld')).toBe(false);

    const textOf = (blocks: Block[]) =>
      blocks.map((block) => [block.text ?? '', ...(block.items ?? [])].join(' ')).join(' ');
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    const pdf = await server.request('/api/documents/LEGAL_STATUSES', { token: owner.accessToken });
    const product = words((await pdfText(pdf.rawPayload)).text);
    const freeWords = words(textOf(free.blocks));
    // Most of the statutes' words are not sent: a few headings and the sentences with the answers.
    expect(freeWords.length).toBeLessThan(product.length * 0.5);
    const withheld = free.blocks.filter((block) => block.kind === 'withheld');
    expect(withheld.length).toBeGreaterThan(10);
    expect(withheld.every((block) => (block.words ?? 0) > 0)).toBe(true);
    // What is withheld from the visitor, the owner's preview prints in full: more than twice the text.
    const paidText = squeeze(textOf(paid.blocks));
    expect(paidText.length).toBeGreaterThan(squeeze(textOf(free.blocks)).length * 2);
    // What the founder must check is all there: the company, the associates, the capital.
    const freeText = squeeze(textOf(free.blocks));
    // The associates as the statutes name them: civility, first names, birth name in capitals.
    for (const value of [
      'Atelier Témoin',
      'Madame Camille DUPONT, née le 17 mai 1990 à Lyon, France',
      'Monsieur Alex SUBSCRIBER2, né le 2 mars 1985 à Nantes, France',
      'au capital de 500,00 €',
    ])
      expect(freeText).toContain(squeeze(value));
  });
});
