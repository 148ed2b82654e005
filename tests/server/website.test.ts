/**
 * The promotional website (openapi tags `website` and `sites`): the builder's draft, the logo,
 * publishing at /sites/<slug> (only with the 50 € package, refused by the server itself), the
 * published page's safety (escaping, CSP, no script) and its contact form without JavaScript.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rateLimits,
  websiteLogos,
  websiteMessages,
  websiteSlugHolds,
  websites,
} from '../../server/db/schema';
import { pruneSlugHolds } from '../../server/services/website/slug-holds';
import type { WebsiteContent } from '../../src/shared/website';
import {
  buyLocally,
  htmlText,
  json,
  SIGNING_KEY,
  startTestServer,
  uniqueEmail,
  type Response,
  type SignedUpUser,
  type TestServer,
  openCheckout,
  payLocalCheckout,
} from './harness';
import stepsFile from '../../schemas/wizard/steps.json';
import { completeContent } from './website-fixtures';

const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };
const STARTER = { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' };

type Website = { content: WebsiteContent } & Record<string, unknown>;

let server: TestServer;
beforeAll(async () => {
  // Three messages an hour per address and site; a form must be on screen three seconds at least.
  server = await startTestServer({ config: { siteContact: { perHour: 3, minSeconds: 3 } } });
});
afterAll(() => server.close());

/** Pays an offer through the local provider's payment page. */
const buy = (user: SignedUpUser, offer: { offerSku: string; planSku: string }) =>
  buyLocally(server, user, offer);

const get = (user: SignedUpUser, url: string, headers: Record<string, string> = {}) =>
  server.request(url, { token: user.accessToken, headers });
const post = (user: SignedUpUser, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.request(url, {
    method: 'POST',
    token: user.accessToken,
    headers,
    ...(body === undefined ? {} : { body }),
  });

async function saveDraft(user: SignedUpUser, content: WebsiteContent) {
  const saved = await post(user, '/api/website/draft', { content });
  expect(saved.statusCode, saved.body).toBe(200);
  return json<Website>(saved);
}

async function publishedOwner(slug: string, content = completeContent()) {
  const user = await server.signup();
  await buy(user, PREMIUM);
  await saveDraft(user, content);
  const published = await post(user, '/api/website/publish', { slug });
  expect(published.statusCode, published.body).toBe(200);
  return user;
}

function uploadLogo(user: SignedUpUser, bytes: Buffer, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/website/logo',
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      'content-type': 'application/octet-stream',
      ...headers,
    },
    payload: bytes,
  });
}

const pngLogo = () =>
  sharp({ create: { width: 400, height: 200, channels: 4, background: '#0f766e' } })
    .png()
    .toBuffer();

describe('the builder (GET and POST /api/website…)', () => {
  it('starts from the company file: the company name and the registered office', async () => {
    const user = await server.signup({ language: 'en' });
    const draft = await post(user, '/api/company-file/draft', {
      data: { companyName: 'Atelier Ionescu SRL', registeredOffice: 'Strada Lungă 3, Brașov' },
      step: 0,
      baseRevision: 0,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const website = json<Website>(await get(user, '/api/website'));
    expect(website.defaults).toMatchObject({
      siteName: 'Atelier Ionescu SRL',
      address: 'Strada Lungă 3, Brașov',
    });
    // The legal notice's publication director: the account holder, until they name someone else.
    expect(website.content.publicationDirector).toBe(
      String((website.defaults as { publicationDirector: string }).publicationDirector),
    );
    expect(website.content.publicationDirector).toMatch(/\S+ \S+/);
    expect(website.content.siteName).toBe('Atelier Ionescu SRL');
    expect(website.content.address).toBe('Strada Lungă 3, Brașov');
    expect(website.content.languages).toEqual(['en']);
    expect(website).toMatchObject({ published: null, slug: null, canPublish: false, unreadMessages: 0 });
  });

  it('fills a new site in from the file and the account: form, capital, country, director, e-mail, services', async () => {
    const user = await server.signup({ language: 'ro' });
    const draft = await post(user, '/api/company-file/draft', {
      data: {
        jurisdiction: 'RO',
        legalForm: 'SRL_SOLE',
        companyName: 'Cafeaua Bună',
        registeredOffice: 'Strada Lungă 3, Brașov',
        shareCapital: 500,
        corporatePurpose: 'Cafenea; prăjituri de casă; cafea la pachet',
        // The founder (their names are the account's), and the administrator the notice names.
        persons: [
          { id: 'p1', kind: 'natural' },
          { id: 'p2', kind: 'natural', firstNames: 'Ana', lastName: 'Ionescu' },
        ],
        managers: [{ personId: 'p2' }],
      },
      version: stepsFile.version,
      step: 0,
      baseRevision: 0,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const website = json<Website>(await get(user, '/api/website'));
    expect(website.content).toMatchObject({
      siteName: 'Cafeaua Bună',
      address: 'Strada Lungă 3, Brașov',
      country: 'RO',
      legalForm: 'SRL',
      shareCapital: 500,
      registrationPending: true,
      registrationNumber: '',
      email: user.email,
      publicationDirector: 'Ana Ionescu',
      languages: ['ro'],
    });
    expect(website.content.texts.ro?.services?.map((service) => service.name)).toEqual([
      'Cafenea',
      'Prăjituri de casă',
      'Cafea la pachet',
    ]);
  });

  it('reads a draft saved before the legal fields as a company being registered in the file’s country', async () => {
    const user = await server.signup();
    const {
      country: _country,
      legalForm: _form,
      registrationPending: _pending,
      ...older
    } = completeContent();
    await saveDraft(user, older as WebsiteContent);
    const website = json<Website>(await get(user, '/api/website'));
    expect(website.content).toMatchObject({ country: 'FR', legalForm: '', registrationPending: true });
  });

  it('saves a draft as given, and refuses what the contract does not allow (never a 500)', async () => {
    const user = await server.signup();
    const saved = await saveDraft(user, completeContent({ siteName: '' }));
    expect(saved.content.siteName).toBe('');
    for (const content of [
      { ...completeContent(), color: 'pink' },
      { ...completeContent(), languages: ['de'] },
      { ...completeContent(), siteName: 'x'.repeat(81) },
      { ...completeContent(), extra: true },
      null,
    ]) {
      const refused = await post(user, '/api/website/draft', { content });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    // Half of a UTF-16 pair is valid JSON that PostgreSQL cannot store: said, in the user's language.
    const broken = await post(
      user,
      '/api/website/draft',
      { content: completeContent({ siteName: 'A\ud800' }) },
      {
        'accept-language': 'ro',
      },
    );
    expect(broken.statusCode).toBe(400);
    expect(json(broken)).toMatchObject({ code: 'TEXT_INVALID' });
    expect(String(json(broken).message)).toMatch(/caracter/);
  });

  it('lets a user without the package build but not publish: 403 WEBSITE_NOT_INCLUDED, in their language', async () => {
    const user = await server.signup();
    await buy(user, STARTER);
    await saveDraft(user, completeContent());
    const website = json<Website>(await get(user, '/api/website'));
    expect(website.canPublish).toBe(false);
    for (const [language, words] of [
      ['fr', /Site web professionnel/],
      ['en', /Professional promotional website/],
      ['ro', /Site web profesional/],
    ] as const) {
      const refused = await post(
        user,
        '/api/website/publish',
        { slug: `sans-forfait-${language}` },
        {
          'accept-language': language,
        },
      );
      expect(refused.statusCode).toBe(403);
      const body = json<{ code: string; message: string }>(refused);
      expect(body.code).toBe('WEBSITE_NOT_INCLUDED');
      expect(body.message).toMatch(words);
    }
    const page = await server.request('/sites/sans-forfait-fr');
    expect(page.statusCode).toBe(404);
  });
});

describe('slugs', () => {
  it('says whether a slug is free, taken, reserved or malformed, and the owner keeps their own', async () => {
    const owner = await publishedOwner('boulangerie-dupont');
    const other = await server.signup();
    const check = async (user: SignedUpUser, slug: string) =>
      json<{ available: boolean; reason: string | null; message: string }>(
        await get(user, `/api/website/slug-availability?slug=${encodeURIComponent(slug)}`),
      );
    expect(await check(other, 'boulangerie-dupont')).toMatchObject({ available: false, reason: 'taken' });
    expect(await check(owner, 'boulangerie-dupont')).toMatchObject({ available: true, reason: null });
    expect(await check(other, 'une-autre-boulangerie')).toMatchObject({ available: true });
    for (const reserved of ['api', 'admin', 'www', 'sites', 'kreo'])
      expect(await check(other, reserved)).toMatchObject({ available: false, reason: 'reserved' });
    for (const malformed of [
      'Boulangerie',
      'ma boulangerie',
      'ab',
      '-debut',
      'fin-',
      'double--tiret',
      'é',
      'x'.repeat(41),
      '',
    ])
      expect(await check(other, malformed)).toMatchObject({ available: false, reason: 'format' });
    const message = (await check(other, 'api')).message;
    expect(message.length).toBeGreaterThan(5);
  });

  it('reserves slugs that pass for ours (R3-07): the brand beside other words or in digits, look-alikes of reserved words', async () => {
    const user = await server.signup();
    await buy(user, PREMIUM);
    await saveDraft(user, completeContent());
    const impostors = [
      'kreo-support',
      'kreo-help',
      'kreo-billing',
      'kreo-login',
      'kreo-official',
      'support-kreo',
      'kre0',
      'k-r-e-o',
      'kreo123',
      'supp0rt',
      'adm1n',
    ];
    for (const slug of impostors) {
      const check = json(await get(user, `/api/website/slug-availability?slug=${slug}`));
      expect(check, slug).toMatchObject({ available: false, reason: 'reserved' });
      const refused = await post(user, '/api/website/publish', { slug });
      expect([refused.statusCode, json(refused).code], slug).toEqual([400, 'SLUG_RESERVED']);
      expect((await server.request(`/sites/${slug}`)).statusCode, slug).toBe(404);
    }
    // The refusal says why, in each language.
    for (const [language, words] of [
      ['fr', /passer pour une adresse de Kreo/],
      ['en', /pass for an address of Kreo/],
      ['ro', /luată drept o adresă a Kreo/],
    ] as const) {
      const refused = await post(
        user,
        '/api/website/publish',
        { slug: 'kreo-support' },
        { 'accept-language': language },
      );
      expect(json<{ message: string }>(refused).message).toMatch(words);
    }
    // Ordinary names stay free, those that begin with the brand's letters included.
    for (const slug of ['kreolia', 'kreon-traiteur', 'it-support-paris', 'mali-voyages'])
      expect(json(await get(user, `/api/website/slug-availability?slug=${slug}`)), slug).toMatchObject({
        available: true,
      });
  });

  it('holds a slug its site left for 30 days (R3-08): only the owner takes it back, its pages redirect meanwhile', async () => {
    const owner = await publishedOwner('vieux-moulin', completeContent({ languages: ['fr', 'en'] }));
    const moved = await post(owner, '/api/website/publish', { slug: 'nouveau-moulin' });
    expect(moved.statusCode, moved.body).toBe(200);
    const other = await server.signup();
    await buy(other, PREMIUM);
    await saveDraft(other, completeContent());
    const check = async (user: SignedUpUser, slug: string) =>
      json(await get(user, `/api/website/slug-availability?slug=${slug}`));

    // Nobody else may take it, and both say so in the user's language.
    expect(await check(other, 'vieux-moulin')).toMatchObject({ available: false, reason: 'held' });
    for (const [language, words] of [
      ['fr', /moins de 30 jours/],
      ['en', /less than 30 days ago/],
      ['ro', /mai puțin de 30 de zile/],
    ] as const) {
      const refused = await post(
        other,
        '/api/website/publish',
        { slug: 'vieux-moulin' },
        { 'accept-language': language },
      );
      expect([refused.statusCode, json(refused).code]).toEqual([409, 'SLUG_HELD']);
      expect(json<{ message: string }>(refused).message).toMatch(words);
    }
    // Visitors of the old address reach the same page at the new one.
    const redirects: [string, string][] = [
      ['/sites/vieux-moulin', '/sites/nouveau-moulin'],
      ['/sites/vieux-moulin/en', '/sites/nouveau-moulin/en'],
      ['/sites/vieux-moulin/thanks?lang=en', '/sites/nouveau-moulin/thanks?lang=en'],
    ];
    for (const [from, to] of redirects) {
      const answer = await server.request(from);
      expect([answer.statusCode, answer.headers.location], from).toEqual([302, to]);
    }
    const form = await server.app.inject({
      method: 'POST',
      url: '/sites/vieux-moulin/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ana&email=ana%40example.test&message=Bonjour%20%C3%A0%20vous',
    });
    expect([form.statusCode, form.headers.location]).toEqual([307, '/sites/nouveau-moulin/contact']);
    // The founder's export names it.
    const exported = json<{ website: { heldSlugs: { slug: string }[] } }>(
      await get(owner, '/api/user/export'),
    );
    expect(exported.website.heldSlugs.map((hold) => hold.slug)).toEqual(['vieux-moulin']);

    // Offline, the site is nowhere to redirect to; the address stays held.
    expect((await post(owner, '/api/website/unpublish')).statusCode).toBe(200);
    expect((await server.request('/sites/vieux-moulin')).statusCode).toBe(404);
    expect(await check(other, 'vieux-moulin')).toMatchObject({ reason: 'held' });

    // The owner takes it back; the address they leave is held in turn.
    expect(await check(owner, 'vieux-moulin')).toMatchObject({ available: true });
    expect((await post(owner, '/api/website/publish', { slug: 'vieux-moulin' })).statusCode).toBe(200);
    expect((await server.request('/sites/vieux-moulin')).statusCode).toBe(200);
    const back = await server.request('/sites/nouveau-moulin');
    expect([back.statusCode, back.headers.location]).toEqual([302, '/sites/vieux-moulin']);
    expect(await check(other, 'nouveau-moulin')).toMatchObject({ reason: 'held' });

    // Thirty days later the hold counts for nothing: the address is anyone's, and pruned.
    await server.db
      .update(websiteSlugHolds)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(websiteSlugHolds.slug, 'nouveau-moulin'));
    expect((await server.request('/sites/nouveau-moulin')).statusCode).toBe(404);
    expect(await check(other, 'nouveau-moulin')).toMatchObject({ available: true });
    expect((await post(other, '/api/website/publish', { slug: 'nouveau-moulin' })).statusCode).toBe(200);
    expect((await server.request('/sites/nouveau-moulin')).statusCode).toBe(200);
    await server.db
      .insert(websiteSlugHolds)
      .values({ slug: 'moulin-expire', userId: owner.userId, heldUntil: new Date(Date.now() - 1000) });
    expect(await pruneSlugHolds(server.db)).toBeGreaterThanOrEqual(1);
    const left = await server.db.select({ slug: websiteSlugHolds.slug }).from(websiteSlugHolds);
    expect(left.map((hold) => hold.slug)).not.toContain('moulin-expire');
    expect(left.map((hold) => hold.slug)).not.toContain('nouveau-moulin');
  });

  it('refuses to publish at a taken (409), reserved or malformed (400) slug', async () => {
    await publishedOwner('fromagerie-martin');
    const user = await server.signup();
    await buy(user, PREMIUM);
    await saveDraft(user, completeContent());
    const publish = (slug: string) => post(user, '/api/website/publish', { slug });
    const taken = await publish('fromagerie-martin');
    expect([taken.statusCode, json(taken).code]).toEqual([409, 'SLUG_TAKEN']);
    const reserved = await publish('admin');
    expect([reserved.statusCode, json(reserved).code]).toEqual([400, 'SLUG_RESERVED']);
    for (const slug of ['Fromagerie', 'ma fromagerie']) {
      const malformed = await publish(slug);
      expect([malformed.statusCode, json(malformed).code]).toEqual([400, 'SLUG_FORMAT']);
    }
  });
});

describe('publishing', () => {
  it('refuses an incomplete site with each missing field, in the user language', async () => {
    const user = await server.signup();
    await buy(user, PREMIUM);
    const content = completeContent({ languages: ['fr', 'en'], email: 'pas-une-adresse' });
    content.texts.en = { tagline: '', about: 'Short', services: [], openingHours: '' };
    await saveDraft(user, content);
    const refused = await post(
      user,
      '/api/website/publish',
      { slug: 'incomplet' },
      { 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(422);
    const body = json<{ code: string; fields: Record<string, string> }>(refused);
    expect(body.code).toBe('WEBSITE_INCOMPLETE');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'texts.en.about', 'texts.en.tagline']);
    expect(body.fields['texts.en.about']).toMatch(/20/);
  });

  it('publishes a static page: escaped texts, no script, a strict CSP, Open Graph and the contact form', async () => {
    const hostile = '<script>alert(1)</script>';
    await publishedOwner(
      'atelier-sur',
      completeContent({
        siteName: `Atelier "Sûr" ${hostile}`,
        texts: {
          fr: {
            tagline: `"><img src=x onerror=alert(1)>`,
            about: `Un texte ${hostile} avec <b>du gras</b> et un lien javascript:alert(1).`,
            services: [{ name: hostile }],
            openingHours: '',
          },
        },
      }),
    );
    const page = await server.request('/sites/atelier-sur');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    // No script but the page's data block (JSON-LD, which no browser runs).
    expect(page.body.replace(/<script type="application\/ld\+json">[^<]*<\/script>/, '')).not.toMatch(
      /<script/i,
    );
    expect(page.body).not.toMatch(/<img src=x/);
    expect(page.body).not.toMatch(/<b>du gras/);
    expect(htmlText(page.body)).toContain(`Un texte ${hostile} avec <b>du gras</b>`);
    // The stylesheet the CSP names is the page's only one.
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(page.body).toMatch(/<meta property="og:title"/);
    // The legal notice: publisher and its details, publication director, host (LCEN, art. 1-1).
    const text = htmlText(page.body);
    expect(text).toContain('Mentions légales');
    expect(text).toContain('SAS au capital de 1 000 €');
    expect(text).toContain('Société en cours d’immatriculation'.replace('’', "'"));
    expect(text).toContain('Camille Dupont');
    expect(text).toContain(server.config.site.values.publisherName);
    expect(text).toContain(server.config.site.values.publisherPhone);
    expect(page.body).toMatch(
      /<form[^>]+method="post"[^>]+action="\/sites\/atelier-sur\/contact"|<form[^>]+action="\/sites\/atelier-sur\/contact"[^>]+method="post"/,
    );
    expect(page.body).not.toContain('%%');
  });

  it('asks what the law of the company’s country asks: a Romanian site its numbers or "being registered", no director', async () => {
    const user = await server.signup({ language: 'ro' });
    await buy(user, PREMIUM);
    const romanian = completeContent({
      country: 'RO',
      legalForm: 'SRL',
      shareCapital: null,
      publicationDirector: '',
      registrationPending: false,
      registrationNumber: '',
      taxId: '',
      languages: ['fr'],
    });
    await saveDraft(user, romanian);
    const publish = () =>
      post(user, '/api/website/publish', { slug: 'cofetaria-ana' }, { 'accept-language': 'ro' });
    const refused = await publish();
    expect(refused.statusCode).toBe(422);
    const fields = json<{ fields: Record<string, string> }>(refused).fields;
    // Legea 365/2002, art. 5: the trade register's number and the CUI; a director is French law's.
    expect(Object.keys(fields).sort()).toEqual(['registrationNumber', 'taxId']);
    expect(fields.taxId).toBe('Câmp obligatoriu');

    // A malformed CUI is refused as such.
    await saveDraft(user, { ...romanian, registrationNumber: 'J2026001234004', taxId: 'RO-12' });
    expect(Object.keys(json<{ fields: Record<string, string> }>(await publish()).fields)).toEqual(['taxId']);

    // "Being registered" in place of the numbers: published, the notice says so.
    await saveDraft(user, { ...romanian, registrationPending: true });
    expect((await publish()).statusCode).toBe(200);
    const text = htmlText((await server.request('/sites/cofetaria-ana')).body);
    expect(text).toContain('Société en cours d’immatriculation'.replace('’', "'"));
    expect(text).not.toContain('Directeur');
  });

  it('asks a French site for its director, capital and RCS number (or "being registered"), never a CUI', async () => {
    const user = await server.signup({ language: 'en' });
    await buy(user, PREMIUM);
    const french = completeContent({
      publicationDirector: '',
      shareCapital: null,
      legalForm: '',
      address: '',
      registrationPending: false,
    });
    await saveDraft(user, french);
    const publish = () =>
      post(user, '/api/website/publish', { slug: 'atelier-lcen' }, { 'accept-language': 'en' });
    const refused = await publish();
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(json<{ fields: Record<string, string> }>(refused).fields).sort()).toEqual([
      'address',
      'legalForm',
      'publicationDirector',
      'registrationNumber',
      'shareCapital',
    ]);
    await saveDraft(
      user,
      completeContent({ registrationPending: false, registrationNumber: 'RCS Paris 912 345 675' }),
    );
    expect((await publish()).statusCode).toBe(200);
    const text = htmlText((await server.request('/sites/atelier-lcen')).body);
    expect(text).toContain('RCS Paris 912 345 675');
    expect(text).not.toContain('CUI');
  });

  it('keeps the published page until the next publish, says so, and can unpublish and republish', async () => {
    const user = await publishedOwner('cafe-des-arts');
    const before = json<Website>(await get(user, '/api/website'));
    expect(before).toMatchObject({ unpublishedChanges: false, slug: 'cafe-des-arts' });
    expect(before.published).toMatchObject({ url: '/sites/cafe-des-arts', languages: ['fr'] });

    const edited = completeContent();
    edited.texts.fr = { ...edited.texts.fr, tagline: 'Un nouveau slogan' };
    const saved = await saveDraft(user, edited);
    expect(saved.unpublishedChanges).toBe(true);
    expect(htmlText((await server.request('/sites/cafe-des-arts')).body)).not.toContain('Un nouveau slogan');

    expect((await post(user, '/api/website/publish', { slug: 'cafe-des-arts' })).statusCode).toBe(200);
    expect(htmlText((await server.request('/sites/cafe-des-arts')).body)).toContain('Un nouveau slogan');

    const offline = json<Website>(await post(user, '/api/website/unpublish'));
    expect(offline).toMatchObject({ published: null, slug: 'cafe-des-arts', unpublishedChanges: false });
    const gone = await server.request('/sites/cafe-des-arts');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/html/);
    // The slug stays the owner's while the site is offline.
    const other = await server.signup();
    const check = json(await get(other, '/api/website/slug-availability?slug=cafe-des-arts'));
    expect(check).toMatchObject({ available: false, reason: 'taken' });

    expect((await post(user, '/api/website/publish', { slug: 'cafe-des-arts' })).statusCode).toBe(200);
    expect((await server.request('/sites/cafe-des-arts')).statusCode).toBe(200);
  });

  it('is found on the web: a sitemap of every language, canonical links, LocalBusiness data (schema.org)', async () => {
    await publishedOwner(
      'boulangerie-trouvee',
      completeContent({
        languages: ['fr', 'en'],
        hours: [
          { days: ['tu', 'we', 'th', 'fr', 'sa'], opens: '07:00', closes: '19:00' },
          { days: ['su'], opens: '07:30', closes: '13:00' },
        ],
      }),
    );
    const sitemap = await server.request('/sites/boulangerie-trouvee/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const origin = server.config.publicUrl;
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      `${origin}/sites/boulangerie-trouvee`,
      `${origin}/sites/boulangerie-trouvee/en`,
    ]);
    expect(sitemap.body.match(/hreflang="en"/g)).toHaveLength(2);
    expect(sitemap.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect((await server.request('/sites/nobody-here/sitemap.xml')).statusCode).toBe(404);

    const page = (await server.request('/sites/boulangerie-trouvee/en')).body;
    expect(page).toContain(`<link rel="canonical" href="${origin}/sites/boulangerie-trouvee/en">`);
    const data = JSON.parse(
      /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)?.[1] ?? '{}',
    ) as Record<string, unknown>;
    // The shape Google asks of a LocalBusiness: a name and a PostalAddress; what it recommends besides.
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Boulangerie Dupont',
      url: `${origin}/sites/boulangerie-trouvee/en`,
      telephone: '+33 1 23 45 67 89',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 rue de la Paix',
        postalCode: '75002',
        addressLocality: 'Paris',
        addressCountry: 'FR',
      },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: [
            'https://schema.org/Tuesday',
            'https://schema.org/Wednesday',
            'https://schema.org/Thursday',
            'https://schema.org/Friday',
            'https://schema.org/Saturday',
          ],
          opens: '07:00',
          closes: '19:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['https://schema.org/Sunday'],
          opens: '07:30',
          closes: '13:00',
        },
      ],
    });
    for (const spec of data.openingHoursSpecification as { opens: string; closes: string }[])
      expect(`${spec.opens} ${spec.closes}`).toMatch(/^([01]\d|2[0-3]):[0-5]\d ([01]\d|2[0-4]):[0-5]\d$/);
  });

  it('gives each language its own URL, with hreflang links between them', async () => {
    await publishedOwner('boulangerie-bilingue', completeContent({ languages: ['fr', 'en'] }));
    const french = await server.request('/sites/boulangerie-bilingue');
    expect(french.body).toMatch(/<html lang="fr"/);
    expect(french.body).toContain('hreflang="en"');
    const english = await server.request('/sites/boulangerie-bilingue/en');
    expect(english.statusCode).toBe(200);
    expect(english.body).toMatch(/<html lang="en"/);
    expect(htmlText(english.body)).toContain('Sourdough bread, baked every morning');
    const main = await server.request('/sites/boulangerie-bilingue/fr');
    expect([main.statusCode, main.headers.location]).toEqual([302, '/sites/boulangerie-bilingue']);
    for (const url of [
      '/sites/boulangerie-bilingue/ro',
      '/sites/boulangerie-bilingue/de',
      '/sites/nobody-here',
      `/sites/${'a'.repeat(60)}`,
      '/sites/%3Cscript%3E',
    ])
      expect((await server.request(url)).statusCode, url).toBe(404);
  });
});

describe('the logo (POST /api/website/logo)', () => {
  /** Logos are for sites that can go online. */
  const websiteBuyer = async () => {
    const user = await server.signup();
    await buy(user, PREMIUM);
    return user;
  };

  it('decodes a logo in the worker threads, not on the event loop (R3-10), and answers their refusals', async () => {
    const user = await websiteBuyer();
    const pool = server.app.workerPool;
    let posted = 0;
    const count = (pending: number) => {
      if (pending > 0) posted += 1;
    };
    pool.events.on('change', count);
    try {
      const uploaded = await uploadLogo(user, await pngLogo());
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(posted).toBeGreaterThan(0);
      posted = 0;
      // Refused in the thread, after sniffing its bytes: the same answer as before.
      const svg = await uploadLogo(user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
      expect(svg.statusCode).toBe(400);
      expect(json(svg)).toMatchObject({ code: 'LOGO_SVG' });
      expect(posted).toBeGreaterThan(0);
    } finally {
      pool.events.off('change', count);
    }
  });

  it('refuses a logo, before decoding it, to an account that does not own the website (R3-10): 403 in its language', async () => {
    const starter = await server.signup();
    await buy(starter, STARTER);
    const nothing = await server.signup();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const user of [starter, nothing]) {
      for (const [language, words] of [
        ['fr', /logo est réservé/],
        ['en', /Adding a logo comes/],
        ['ro', /Adăugarea unui logo/],
      ] as const) {
        // Even a file that would be refused for itself: the purchase is checked first.
        for (const bytes of [await pngLogo(), svg]) {
          const refused = await uploadLogo(user, bytes, { 'accept-language': language });
          expect(refused.statusCode, refused.body).toBe(403);
          expect(json(refused)).toMatchObject({
            code: 'WEBSITE_NOT_INCLUDED',
            message: expect.stringMatching(words),
          });
        }
      }
      expect(json<{ logo: unknown }>(await get(user, '/api/website')).logo).toBeNull();
    }
    const stored = await server.db
      .select({ id: websiteLogos.id })
      .from(websiteLogos)
      .where(inArray(websiteLogos.userId, [starter.userId, nothing.userId]));
    expect(stored).toEqual([]);

    // The purchase opens it; a refund closes it again, the logo already there staying in the draft.
    const sessionId = await buy(nothing, PREMIUM);
    expect((await uploadLogo(nothing, await pngLogo())).statusCode).toBe(200);
    await server.app.inject({ method: 'POST', url: `/checkout/local/${sessionId}/refund` });
    expect((await uploadLogo(nothing, await pngLogo())).statusCode).toBe(403);
    expect(json<{ logo: unknown }>(await get(nothing, '/api/website')).logo).not.toBeNull();
    expect((await post(nothing, '/api/website/logo/delete')).statusCode).toBe(200);
  });

  it('stores a PNG in the sizes the site uses, served as immutable images', async () => {
    const user = await websiteBuyer();
    const uploaded = await uploadLogo(user, await pngLogo());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { logo } = json<{ logo: { id: string; url: string; width: number; height: number } }>(uploaded);
    expect(logo).toMatchObject({ width: 320, height: 160 });
    const image = await server.request(logo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/immutable/);
    for (const variant of ['header.png', 'icon-32.png', 'icon-180.png', 'social.png'])
      expect((await server.request(`/site-logos/${logo.id}/${variant}`)).statusCode, variant).toBe(200);
    expect((await server.request(`/site-logos/${logo.id}/original.png`)).statusCode).toBe(404);
    for (const url of [
      '/site-logos/not-an-id/header.webp',
      `/site-logos/${'-'.repeat(36)}/header.webp`,
      `/site-logos/${'a'.repeat(36)}/header.webp`,
      `/site-logos/${logo.id}/..%2fheader.webp`,
    ])
      expect((await server.request(url)).statusCode, url).toBe(404);

    // A new logo replaces the draft's; the old one, used nowhere, is gone.
    const second = json<{ logo: { id: string } }>(await uploadLogo(user, await pngLogo()));
    expect(second.logo.id).not.toBe(logo.id);
    expect((await server.request(logo.url)).statusCode).toBe(404);
    const removed = json<{ logo: unknown }>(await post(user, '/api/website/logo/delete'));
    expect(removed.logo).toBeNull();
  });

  it('strips EXIF and GPS data from a photo', async () => {
    const user = await websiteBuyer();
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c2410c' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Camera', Model: 'Secret' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 7/1',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const uploaded = await uploadLogo(user, photo);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { logo } = json<{ logo: { id: string } }>(uploaded);
    for (const variant of ['header.webp', 'header.png', 'icon-32.png', 'icon-180.png', 'social.png']) {
      const image = await server.request(`/site-logos/${logo.id}/${variant}`);
      const metadata = await sharp(image.rawPayload).metadata();
      expect(metadata.exif, variant).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('Secret')), variant).toBe(false);
    }
  });

  it('refuses an SVG, a 10 MB file, a PDF named .png and a damaged image, each in the user language', async () => {
    const user = await websiteBuyer();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 32)]);
    const png = await pngLogo();
    const huge = Buffer.concat([png.subarray(0, 64), Buffer.alloc(10 * 1024 * 1024, 7)]);
    const damaged = png.subarray(0, Math.floor(png.length / 2));
    const cases: [Buffer, number, string][] = [
      [svg, 400, 'LOGO_SVG'],
      [huge, 413, 'LOGO_TOO_LARGE'],
      [pdf, 400, 'LOGO_TYPE'],
      [damaged, 400, 'LOGO_UNREADABLE'],
    ];
    const messages = new Set<string>();
    for (const [bytes, status, code] of cases) {
      for (const language of ['fr', 'en', 'ro']) {
        // The name and declared type do not matter: a browser may say image/png for anything.
        const refused = await uploadLogo(user, bytes, {
          'accept-language': language,
          'x-file-name': 'logo.png',
        });
        expect(refused.statusCode, `${code} ${language}: ${refused.body}`).toBe(status);
        const body = json<{ code: string; message: string }>(refused);
        expect(body.code).toBe(code);
        expect(body.message).not.toMatch(/^website:/);
        messages.add(body.message);
      }
    }
    // Twelve refusals, twelve different sentences: each reason in each language.
    expect(messages.size).toBe(12);
    expect(json<{ logo: unknown }>(await get(user, '/api/website')).logo).toBeNull();
  });
});

describe('the gallery (POST /api/website/photos, issue 38)', () => {
  const uploadPhoto = (user: SignedUpUser, bytes: Buffer, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/website/photos',
      headers: {
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'application/octet-stream',
        ...headers,
      },
      payload: bytes,
    });
  const photo = (width: number, height: number, background = '#0f766e') =>
    sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Camera', Model: 'Secret' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
      })
      .toBuffer();
  type Photo = { id: string; width: number; height: number; alt?: Record<string, string> };

  it('re-encodes a photo at the widths a page asks for, WebP and JPEG, without its metadata', async () => {
    const user = await server.signup();
    await buy(user, PREMIUM);
    const uploaded = await uploadPhoto(user, await photo(2400, 1600));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [stored] = json<Website>(uploaded).content.photos as Photo[];
    expect(stored).toMatchObject({ width: 1600, height: 1067, alt: {} });
    for (const [variant, width, format] of [
      ['w480.webp', 480, 'webp'],
      ['w480.jpg', 480, 'jpeg'],
      ['w960.webp', 960, 'webp'],
      ['w1600.jpg', 1600, 'jpeg'],
    ] as const) {
      const image = await server.request(`/site-photos/${stored?.id}/${variant}`);
      expect(image.statusCode, variant).toBe(200);
      expect(image.headers['cache-control']).toContain('immutable');
      const metadata = await sharp(image.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.exif], variant).toEqual([format, width, undefined]);
      expect(image.rawPayload.includes(Buffer.from('Secret')), variant).toBe(false);
    }
    // A small photo is never enlarged: its one width is its own.
    const small = json<Website>(await uploadPhoto(user, await photo(300, 200))).content.photos as Photo[];
    expect(small[1]).toMatchObject({ width: 300, height: 200 });
    expect((await server.request(`/site-photos/${small[1]?.id}/w480.jpg`)).statusCode).toBe(200);
    expect((await server.request(`/site-photos/${small[1]?.id}/w960.jpg`)).statusCode).toBe(404);
    for (const bad of ['/site-photos/not-a-uuid/w480.jpg', `/site-photos/${small[1]?.id}/w480.png`])
      expect((await server.request(bad)).statusCode, bad).toBe(404);
  });

  it('refuses an SVG, a tiny image, a thirteenth photo and an account without the website, in its language', async () => {
    const user = await server.signup({ language: 'en' });
    const refused = await uploadPhoto(user, await photo(400, 400), { 'accept-language': 'en' });
    expect([refused.statusCode, json(refused).code]).toEqual([403, 'WEBSITE_NOT_INCLUDED']);
    await buy(user, PREMIUM);
    const svg = await uploadPhoto(user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
      'accept-language': 'en',
    });
    expect([svg.statusCode, json(svg).code, json(svg).message]).toEqual([
      400,
      'PHOTO_SVG',
      'SVG images are not accepted. Choose a PNG, JPEG or WebP photo.',
    ]);
    const tiny = await uploadPhoto(user, await photo(120, 120));
    expect([tiny.statusCode, json(tiny).code]).toEqual([400, 'PHOTO_DIMENSIONS']);
    // Taller than WebP allows once at its width: refused as such, never a 500.
    const strip = await uploadPhoto(user, await photo(300, 20_000));
    expect([strip.statusCode, json(strip).code]).toEqual([400, 'PHOTO_DIMENSIONS']);
    const image = await photo(400, 300);
    for (let count = 0; count < 12; count++) expect((await uploadPhoto(user, image)).statusCode).toBe(200);
    const full = await uploadPhoto(user, image, { 'accept-language': 'en' });
    expect([full.statusCode, json(full).code]).toEqual([409, 'PHOTOS_FULL']);
  });

  it('publishes photos with their descriptions in each language, lazy and sized; a removed one goes at the next publish', async () => {
    const user = await server.signup();
    await buy(user, PREMIUM);
    const first = (
      json<Website>(await uploadPhoto(user, await photo(1200, 800))).content.photos as Photo[]
    )[0];
    const content = completeContent({ languages: ['fr', 'en'] });
    // The draft on screen did not have the photo yet: saving it keeps the photo (the server's list).
    const saved = await saveDraft(user, content);
    expect((saved.content.photos as Photo[]).map((item) => item.id)).toEqual([first?.id]);
    const publish = () =>
      post(user, '/api/website/publish', { slug: 'galerie-dupont' }, { 'accept-language': 'fr' });
    const refused = await publish();
    expect(refused.statusCode).toBe(422);
    expect(json<{ fields: Record<string, string> }>(refused).fields).toMatchObject({
      'photos.0.alt.fr': 'Décrivez la photo en français',
      'photos.0.alt.en': 'Décrivez la photo en anglais',
    });
    // A photo id the account does not have is dropped from a draft; the sizes are the server's.
    await saveDraft(user, {
      ...content,
      photos: [
        { id: first?.id ?? '', width: 1, height: 1, alt: { fr: 'La vitrine', en: 'The shop window' } },
        { id: '00000000-0000-4000-8000-000000000000', width: 10, height: 10, alt: {} },
      ],
    });
    expect((await publish()).statusCode).toBe(200);
    const page = (await server.request('/sites/galerie-dupont')).body;
    expect(page).toContain(`<img src="/site-photos/${first?.id}/w960.jpg"`);
    expect(page).toContain(`/site-photos/${first?.id}/w960.webp 960w`);
    expect(page).toMatch(/width="1200" height="800" alt="La vitrine" loading="(lazy|eager)"/);
    expect(page).not.toContain('00000000-0000-4000-8000-000000000000');
    expect((await server.request('/sites/galerie-dupont/en')).body).toContain('alt="The shop window"');

    const removed = await post(user, `/api/website/photos/${first?.id}/delete`);
    expect(json<Website>(removed).content.photos).toEqual([]);
    // Online until the next publish.
    expect((await server.request(`/site-photos/${first?.id}/w480.jpg`)).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(200);
    expect((await server.request(`/site-photos/${first?.id}/w480.jpg`)).statusCode).toBe(404);
  });
});

describe('the contact form of a published site (POST /sites/<slug>/contact)', () => {
  const siteId = async (slug: string) =>
    (await server.db.select({ id: websites.id }).from(websites).where(eq(websites.slug, slug)))[0]?.id ?? '';
  /** A time stamp issued `ago` ms before now, signed as the server signs them (each one new). */
  const stampFrom = (id: string, ago: number) => {
    const key = createHmac('sha256', SIGNING_KEY).update('site-form-stamp').digest();
    const issued = Date.now() - ago;
    const nonce = randomBytes(8).toString('base64url');
    return `${issued}.${nonce}.${createHmac('sha256', key).update(`${id}.${issued}.${nonce}`).digest('base64url').slice(0, 22)}`;
  };
  const send = (slug: string, fields: Record<string, string>, ip = '198.51.100.7') =>
    server.app.inject({
      method: 'POST',
      url: `/sites/${slug}/contact`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });
  const visitor = (overrides: Record<string, string> = {}) => ({
    name: 'Ana Popescu',
    email: 'ana@example.test',
    message: 'Bonjour, faites-vous des gâteaux <b>sur commande</b> ?',
    lang: 'fr',
    leave_this_empty: '',
    ...overrides,
  });

  let owner: SignedUpUser;
  let id: string;
  beforeAll(async () => {
    owner = await publishedOwner(
      'patisserie-ana',
      completeContent({ languages: ['fr', 'en'], email: 'owner-site@example.test' }),
    );
    id = await siteId('patisserie-ana');
  });

  it('stores a message, mails it to the site address (replying answers the visitor) and shows a thank-you page', async () => {
    const sent = await send('patisserie-ana', { ...visitor(), started: stampFrom(id, 10_000) });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe('/sites/patisserie-ana/thanks');
    const thanks = await server.request(String(sent.headers.location));
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).not.toMatch(/<script/i);
    await server.app.mailQueue.drain();
    const mail = server.mail.to('owner-site@example.test').at(-1);
    expect(mail?.replyTo).toBe('ana@example.test');
    expect(mail?.text).toContain('faites-vous des gâteaux <b>sur commande</b>');
    expect(mail?.html).not.toContain('<b>sur commande</b>');

    const list = json<{ unread: number; messages: { id: string; read: boolean; message: string }[] }>(
      await get(owner, '/api/website/messages'),
    );
    expect(list.unread).toBe(1);
    expect(list.messages[0]).toMatchObject({ read: false, message: visitor().message });
    expect(json<Website>(await get(owner, '/api/website')).unreadMessages).toBe(1);
    const read = json<{ unread: number }>(
      await post(owner, `/api/website/messages/${list.messages[0]?.id}/read`),
    );
    expect(read.unread).toBe(0);
    // Someone else's message id, and a malformed one.
    const stranger = await server.signup();
    expect((await post(stranger, `/api/website/messages/${list.messages[0]?.id}/read`)).statusCode).toBe(404);
    expect((await post(owner, '/api/website/messages/not-a-uuid/read')).statusCode).toBe(400);
  });

  it('thanks in the language the form was sent in', async () => {
    const sent = await send(
      'patisserie-ana',
      { ...visitor({ lang: 'en' }), started: stampFrom(id, 10_000) },
      '198.51.100.8',
    );
    expect(sent.headers.location).toBe('/sites/patisserie-ana/thanks?lang=en');
    const thanks = await server.request(String(sent.headers.location));
    expect(thanks.body).toMatch(/<html lang="en"/);
  });

  it('gives the page back with each problem and what was typed, storing nothing', async () => {
    const count = async () =>
      (await server.db.select().from(websiteMessages).where(eq(websiteMessages.userId, owner.userId))).length;
    const before = await count();
    const refused = await send(
      'patisserie-ana',
      {
        ...visitor({ email: 'pas-une-adresse', message: 'court', name: '<i>Ana</i>' }),
        started: stampFrom(id, 10_000),
      },
      '198.51.100.9',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('aria-invalid="true"');
    expect(refused.body).toContain('value="&lt;i&gt;Ana&lt;/i&gt;"');
    expect(refused.body).not.toContain('<i>Ana</i>');
    expect(await count()).toBe(before);
  });

  it('resists bots: a filled honeypot is thanked and dropped; a form sent too fast or with a forged stamp comes back', async () => {
    const count = async () =>
      (await server.db.select().from(websiteMessages).where(eq(websiteMessages.userId, owner.userId))).length;
    const before = await count();
    const trapped = await send(
      'patisserie-ana',
      { ...visitor({ leave_this_empty: 'http://spam.test' }), started: stampFrom(id, 10_000) },
      '198.51.100.10',
    );
    expect(trapped.statusCode).toBe(303);

    // The stamp the page itself carries was made now: sending at once is faster than a person.
    const page = await server.request('/sites/patisserie-ana');
    const started = /name="started" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(started).toMatch(/^\d+\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{22}$/);
    const tooFast = await send('patisserie-ana', { ...visitor(), started }, '198.51.100.10');
    expect(tooFast.statusCode).toBe(400);
    expect(htmlText(tooFast.body)).toContain(visitor().message);
    const fresh = /name="started" value="([^"]+)"/.exec(tooFast.body)?.[1];
    expect(fresh).toBeTruthy();

    for (const forged of [
      '',
      'abc',
      `${Date.now() - 60_000}.AAAAAAAAAAAAAAAAAAAAAA`,
      stampFrom(id, 30 * 24 * 3600 * 1000),
    ]) {
      const refused = await send('patisserie-ana', { ...visitor(), started: forged }, '198.51.100.10');
      expect(refused.statusCode, forged).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('limits messages per address and site (429 page), counting an IPv6 visitor by its /64', async () => {
    const ok = (ip: string) => send('patisserie-ana', { ...visitor(), started: stampFrom(id, 10_000) }, ip);
    for (let index = 0; index < 3; index += 1)
      expect((await ok(`2001:db8:1:2::${index + 1}`)).statusCode).toBe(303);
    const limited = await ok('2001:db8:1:2::99');
    expect(limited.statusCode).toBe(429);
    expect(htmlText(limited.body)).toContain(visitor().message);
    expect((await ok('2001:db8:9:9::1')).statusCode).toBe(303);
  });

  it('answers malformed posts with a page, never JSON or a 500', async () => {
    const repeated = await server.app.inject({
      method: 'POST',
      url: '/sites/patisserie-ana/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a&name=b&email=x&message=%00&lang[]=fr',
      remoteAddress: '198.51.100.11',
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.headers['content-type']).toMatch(/^text\/html/);
    const empty = await send('patisserie-ana', {}, '198.51.100.11');
    expect(empty.statusCode).toBe(400);
    const nowhere = await send('nobody-here', visitor(), '198.51.100.11');
    expect(nowhere.statusCode).toBe(404);
  });
});

describe('a refund of the website (R3-04)', () => {
  it.each([
    ['fr', 'a été mis hors ligne', 'conservé comme brouillon'],
    ['en', 'has been taken offline', 'kept as a draft'],
    ['ro', 'a fost scos offline', 'păstrat ca ciornă'],
  ] as const)(
    'takes the site offline with the refund, keeps the draft, and says so in the mail (%s)',
    async (language, offline, draft) => {
      const user = await server.signup({ language });
      const sessionId = await buy(user, PREMIUM);
      const slug = `remboursee-${language}`;
      const content = completeContent({ email: `site-${language}@example.test` });
      await saveDraft(user, content);
      expect((await post(user, '/api/website/publish', { slug })).statusCode).toBe(200);
      expect((await server.request(`/sites/${slug}`)).statusCode).toBe(200);

      const refunded = await server.app.inject({
        method: 'POST',
        url: `/checkout/local/${sessionId}/refund`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      await server.app.mailQueue.drain();

      // Offline at once, its contact form too; the draft and the address stay the founder's.
      expect((await server.request(`/sites/${slug}`)).statusCode).toBe(404);
      const form = await server.app.inject({
        method: 'POST',
        url: `/sites/${slug}/contact`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Ana&email=ana%40example.test&message=Bonjour%2C%20encore%20ouvert%20%3F',
      });
      expect(form.statusCode).toBe(404);
      const website = json<Website>(await get(user, '/api/website'));
      expect(website).toMatchObject({ published: null, slug, canPublish: false, content });
      expect(
        json(await get(await server.signup(), `/api/website/slug-availability?slug=${slug}`)),
      ).toMatchObject({
        available: false,
      });

      // The refund's mail, in the buyer's language: the credit note, and the site taken offline.
      const mail = server.mail.to(user.email).at(-1);
      expect(mail?.text).toContain(`http://kreo.test/sites/${slug}`);
      expect(mail?.text).toContain(offline);
      expect(mail?.text).toContain(draft);
      expect(mail?.attachments?.[0]?.filename).toMatch(/\.pdf$/);
      expect(server.mail.to(content.email)).toEqual([]);

      // A new purchase publishes the same site again.
      await buy(user, PREMIUM);
      expect((await post(user, '/api/website/publish', { slug })).statusCode).toBe(200);
      expect((await server.request(`/sites/${slug}`)).statusCode).toBe(200);
    },
  );

  it('keeps the site online when another paid order still includes the website', async () => {
    const user = await server.signup();
    // Two Premium orders, opened before either was paid (once one is paid, Premium is owned and
    // cannot be ordered again).
    const first = await openCheckout(server, user, PREMIUM);
    const second = await openCheckout(server, user, PREMIUM);
    for (const id of [first, second]) expect((await payLocalCheckout(server, id)).statusCode).toBe(303);
    await saveDraft(user, completeContent());
    expect((await post(user, '/api/website/publish', { slug: 'deux-commandes' })).statusCode).toBe(200);
    await server.app.inject({ method: 'POST', url: `/checkout/local/${first}/refund` });
    await server.app.mailQueue.drain();
    expect((await server.request('/sites/deux-commandes')).statusCode).toBe(200);
    expect(server.mail.to(user.email).at(-1)?.text).not.toContain('/sites/deux-commandes');
  });
});

describe('limits per account (R3-I3)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      websiteLimits: {
        slugChecksPerAccount: { max: 5, windowMs: 15 * 60_000 },
        domainChecksPerAccount: { max: 4, windowMs: 60 * 60_000 },
        publishesPerAccount: { max: 3, windowMs: 60 * 60_000 },
      },
    });
  });
  afterAll(() => limited.close());

  const founder = async () => {
    const user = await limited.signup();
    await buyLocally(limited, user, PREMIUM);
    const saved = await limited.request('/api/website/draft', {
      token: user.accessToken,
      body: { content: completeContent() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return user;
  };

  it('answers 429 with Retry-After past the slug checks and the publishes of one account, in its language', async () => {
    const user = await founder();
    const check = (who: SignedUpUser, language = 'fr') =>
      limited.request('/api/website/slug-availability?slug=moulin-limite', {
        token: who.accessToken,
        headers: { 'accept-language': language },
      });
    for (let index = 0; index < 5; index += 1) expect((await check(user)).statusCode).toBe(200);
    for (const [language, words] of [
      ['fr', /vérifiées en peu de temps/],
      ['en', /checked in a short while/],
      ['ro', /verificate multe adrese/],
    ] as const) {
      const refused = await check(user, language);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(json(refused)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(words) });
    }

    const publish = (who: SignedUpUser, language = 'fr') =>
      limited.request('/api/website/publish', {
        token: who.accessToken,
        body: { slug: `moulin-${who.userId.slice(0, 8)}` },
        headers: { 'accept-language': language },
      });
    for (let index = 0; index < 3; index += 1) expect((await publish(user)).statusCode).toBe(200);
    for (const [language, words] of [
      ['fr', /publié de nombreuses fois/],
      ['en', /published many times/],
      ['ro', /publicat de multe ori/],
    ] as const) {
      const refused = await publish(user, language);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(json(refused)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(words) });
    }
    // The site stays as last published; another account has its own counts.
    expect((await limited.request(`/sites/moulin-${user.userId.slice(0, 8)}`)).statusCode).toBe(200);
    const other = await founder();
    expect((await check(other)).statusCode).toBe(200);
    expect((await publish(other)).statusCode).toBe(200);
  });

  it('are on with the other account limits: 30 publishes an hour (AUTH_RATE_LIMIT > 0)', async () => {
    const defaults = await startTestServer({ config: { authRateLimitPerMinute: 1000 } });
    try {
      const user = await defaults.signup();
      await buyLocally(defaults, user, PREMIUM);
      await defaults.request('/api/website/draft', {
        token: user.accessToken,
        body: { content: completeContent() },
      });
      const publish = () =>
        defaults.request('/api/website/publish', {
          token: user.accessToken,
          body: { slug: 'moulin-par-defaut' },
        });
      expect((await publish()).statusCode).toBe(200);
      // Each publish renders the whole site: rather than 28 more of them, the account's count (the one
      // the first publish started, for an hour) is moved on to where they would have left it.
      const [counter, ...others] = await defaults.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%publish%${user.userId}%`));
      expect(others).toEqual([]);
      expect(counter?.count).toBe(1);
      expect((counter?.resetAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 60_000);
      await defaults.db
        .update(rateLimits)
        .set({ count: 29 })
        .where(eq(rateLimits.key, counter?.key ?? ''));
      expect((await publish()).statusCode).toBe(200);
      expect((await publish()).statusCode).toBe(429);
    } finally {
      await defaults.close();
    }
    // A server of its own: slow on a busy machine, never waiting for time.
  }, 120_000);
});

describe('the account data', () => {
  it('exports the site and its messages, and deleting the account takes the site offline', async () => {
    const user = await publishedOwner('site-a-supprimer');
    const exported = json<{ website: { slug: string; content: WebsiteContent } }>(
      await get(user, '/api/user/export'),
    );
    expect(exported.website.slug).toBe('site-a-supprimer');
    const deleted: Response = await post(user, '/api/user/delete-account', { password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await server.request('/sites/site-a-supprimer')).statusCode).not.toBe(200);
  });

  it('holds two of the addresses an owner left at most: moving again and again takes no more', async () => {
    const owner = await publishedOwner('moulin-un');
    for (const slug of ['moulin-deux', 'moulin-trois', 'moulin-quatre'])
      expect((await post(owner, '/api/website/publish', { slug })).statusCode).toBe(200);
    const other = await server.signup();
    await buy(other, PREMIUM);
    await saveDraft(other, completeContent());
    const reason = async (slug: string) =>
      json<{ reason?: string }>(await get(other, `/api/website/slug-availability?slug=${slug}`)).reason;
    // The last two it left are held; the first is free again.
    expect(await reason('moulin-trois')).toBe('held');
    expect(await reason('moulin-deux')).toBe('held');
    expect((await post(other, '/api/website/publish', { slug: 'moulin-un' })).statusCode).toBe(200);
  });

  it('holds the address of a deleted account for 30 days (R3-08): gone (410) in the visitor language, nobody takes it', async () => {
    const user = await publishedOwner('ancien-site', completeContent({ languages: ['fr', 'en'] }));
    // An address the site left before is held too, and says the same once the account is gone.
    expect((await post(user, '/api/website/publish', { slug: 'site-ferme' })).statusCode).toBe(200);
    const deleted = await post(user, '/api/user/delete-account', { password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const [language, words] of [
      ['fr', 'Ce site a fermé'],
      ['en', 'This website has closed'],
      ['ro', 'Acest site s-a închis'],
    ] as const) {
      for (const url of ['/sites/site-ferme', '/sites/site-ferme/en', '/sites/ancien-site']) {
        const gone = await server.request(url, { headers: { 'accept-language': language } });
        expect(gone.statusCode, url).toBe(410);
        expect(gone.headers['content-type']).toMatch(/^text\/html/);
        expect(gone.body).toMatch(new RegExp(`<html lang="${language}"`));
        expect(htmlText(gone.body)).toContain(words);
        expect(gone.body).not.toMatch(/<script/i);
      }
    }
    const holds = await server.db
      .select()
      .from(websiteSlugHolds)
      .where(eq(websiteSlugHolds.slug, 'site-ferme'));
    expect(holds).toMatchObject([{ userId: null }]);

    const other = await server.signup({ email: uniqueEmail('next') });
    await buy(other, PREMIUM);
    await saveDraft(other, completeContent());
    expect(json(await get(other, '/api/website/slug-availability?slug=site-ferme'))).toMatchObject({
      available: false,
      reason: 'held',
    });
    const refused = await post(other, '/api/website/publish', { slug: 'site-ferme' });
    expect([refused.statusCode, json(refused).code]).toEqual([409, 'SLUG_HELD']);

    await server.db
      .update(websiteSlugHolds)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(websiteSlugHolds.slug, 'site-ferme'));
    expect((await server.request('/sites/site-ferme')).statusCode).toBe(404);
    expect((await post(other, '/api/website/publish', { slug: 'site-ferme' })).statusCode).toBe(200);
    expect((await server.request('/sites/site-ferme')).statusCode).toBe(200);
  });
});
