/**
 * The registered company's numbers (PUT /api/company-file/identifiers, issue 38): checked by their check
 * digits for the file's country, refused field by field in the founder's language, and printed by the
 * website's legal notice in place of "being registered", in a site already started as in a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import type { WebsiteContent } from '../../src/shared/website';
import { buyLocally, htmlText, json, startTestServer, type SignedUpUser, type TestServer } from './harness';
import { completeContent } from './website-fixtures';

type Website = { content: WebsiteContent; unpublishedChanges: boolean };
type Timeline = { identifiers: Record<string, unknown> | null };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const request = (
  user: SignedUpUser,
  url: string,
  options: { method?: string; body?: unknown; language?: string } = {},
) =>
  server.request(url, {
    method: options.method ?? 'GET',
    token: user.accessToken,
    headers: options.language ? { 'accept-language': options.language } : {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });

async function withFile(jurisdiction: 'FR' | 'RO', language: 'fr' | 'en' | 'ro' = 'fr') {
  const user = await server.signup({ language });
  const saved = await request(user, '/api/company-file/draft', {
    method: 'POST',
    body: {
      data: { jurisdiction, companyName: 'Atelier' },
      version: stepsFile.version,
      step: 0,
      baseRevision: 0,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

const save = (user: SignedUpUser, body: unknown, language = 'fr') =>
  request(user, '/api/company-file/identifiers', { method: 'PUT', body, language });

describe('the company numbers', () => {
  it('are refused without a country, and when malformed as a body (400, never a 500)', async () => {
    const user = await server.signup();
    const none = await save(user, { siren: '912345675', rcsCity: 'Lyon' });
    expect([none.statusCode, json<{ code: string }>(none).code]).toEqual([404, 'NO_JURISDICTION']);
    const french = await withFile('FR');
    for (const body of [{ siren: 912345675 }, { siren: 'x'.repeat(21) }, { other: 'x' }, [], null])
      expect((await save(french, body)).statusCode, JSON.stringify(body)).toBe(400);
  });

  it('are checked by their check digits, each refusal in the founder’s language', async () => {
    const user = await withFile('RO', 'ro');
    const refused = await save(user, { tradeRegisterNumber: 'J2026001234005', cui: '18547291' }, 'ro');
    expect(refused.statusCode).toBe(422);
    const body = json<{ code: string; fields: Record<string, string> }>(refused);
    expect(body.code).toBe('IDENTIFIERS_INVALID');
    expect(body.fields).toEqual({
      tradeRegisterNumber: 'Acest număr nu trece verificarea cifrei de control: verificați-l pe certificat',
      cui: 'Acest CUI nu trece verificarea cifrei de control: verificați-l pe certificat',
    });
    // A French company's fields are not a Romanian one's.
    const french = await save(user, { siren: '912345675', rcsCity: 'Lyon' }, 'en');
    expect(json<{ fields: Record<string, string> }>(french).fields).toEqual({
      tradeRegisterNumber: 'Enter the trade register number',
      cui: 'Enter the CUI',
    });
    expect(json<Timeline>(await request(user, '/api/company-file/events')).identifiers).toBeNull();
  });

  it('replace "being registered" in the site’s notice, online once published again', async () => {
    const user = await withFile('RO', 'ro');
    await buyLocally(server, user, { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' });
    const content = completeContent({
      country: 'RO',
      legalForm: 'SRL',
      shareCapital: 500,
      publicationDirector: '',
      registrationPending: true,
    });
    expect(
      (await request(user, '/api/website/draft', { method: 'POST', body: { content } })).statusCode,
    ).toBe(200);
    expect(
      (await request(user, '/api/website/publish', { method: 'POST', body: { slug: 'atelier-ro' } }))
        .statusCode,
    ).toBe(200);

    const saved = await save(user, { tradeRegisterNumber: 'J40/1234/2020', cui: 'ro 18547290' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Timeline>(saved).identifiers).toEqual({
      country: 'RO',
      tradeRegisterNumber: 'J40/1234/2020',
      cui: 'RO18547290',
    });
    const website = json<Website>(await request(user, '/api/website'));
    expect(website.content).toMatchObject({
      registrationPending: false,
      registrationNumber: 'J40/1234/2020',
      taxId: 'RO18547290',
    });
    expect(website.unpublishedChanges).toBe(true);
    // Online, the page is the one published until the founder publishes again.
    expect(htmlText((await server.request('/sites/atelier-ro')).body)).not.toContain('J40/1234/2020');
    expect(
      (await request(user, '/api/website/publish', { method: 'POST', body: { slug: 'atelier-ro' } }))
        .statusCode,
    ).toBe(200);
    const page = htmlText((await server.request('/sites/atelier-ro')).body);
    expect(page).toContain('J40/1234/2020');
    expect(page).toContain('RO18547290');
  });

  it('stay when a builder opened before them saves its older draft', async () => {
    const user = await withFile('FR', 'fr');
    const older = completeContent({ registrationPending: true, registrationNumber: '', vatNumber: '' });
    expect(
      (await request(user, '/api/website/draft', { method: 'POST', body: { content: older } })).statusCode,
    ).toBe(200);
    expect((await save(user, { siren: '912345675', rcsCity: 'Lyon' })).statusCode).toBe(200);
    // The other tab saves what it had on screen: "being registered", no number.
    const saved = await request(user, '/api/website/draft', {
      method: 'POST',
      body: { content: { ...older, siteName: 'Boulangerie Dupont et fils' } },
    });
    expect(json<Website>(saved).content).toMatchObject({
      siteName: 'Boulangerie Dupont et fils',
      registrationPending: false,
      registrationNumber: 'RCS Lyon 912 345 675',
    });
  });

  it('start a site begun after they were given with them', async () => {
    const user = await withFile('FR', 'en');
    const saved = await save(user, { siren: '912 345 675', rcsCity: 'Lyon', vatNumber: 'FR65 912 345 675' });
    expect(saved.statusCode, saved.body).toBe(200);
    const website = json<Website>(await request(user, '/api/website'));
    expect(website.content).toMatchObject({
      country: 'FR',
      registrationPending: false,
      registrationNumber: 'RCS Lyon 912 345 675',
      vatNumber: 'FR65912345675',
    });
  });
});
