/**
 * The contact form of a published site against abuse (security review, round 3): a time stamp is
 * spent by the message it carries (R3-05), and a flood is counted per sender before the site is,
 * while the founder's mailbox gets a few mails and then one digest (R3-06).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteMessages, websites } from '../../server/db/schema';
import { translator } from '../../server/services/i18n';
import type { WebsiteContent } from '../../src/shared/website';
import { buyLocally, htmlText, startTestServer, type SignedUpUser, type TestServer } from './harness';

const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };

let server: TestServer;
beforeAll(async () => {
  // The production limit (5 an hour per sender); no wait before sending, so that a test posts the
  // very stamp the page carries, as a bot does, without waiting for the clock.
  server = await startTestServer({ config: { siteContact: { perHour: 5, minSeconds: 0 } } });
});
afterAll(() => server.close());

function content(email: string): WebsiteContent {
  return {
    siteName: 'Cofetăria Ana',
    languages: ['ro', 'fr'],
    color: 'teal',
    email,
    phone: '+40 21 123 45 67',
    address: 'Strada Lungă 3\nBrașov',
    publicationDirector: 'Ana Ionescu',
    legalDetails: 'SRL',
    texts: {
      ro: {
        tagline: 'Prăjituri de casă',
        about: 'Facem prăjituri cu ingrediente din zonă.',
        services: ['Torturi la comandă'],
        openingHours: 'Luni – sâmbătă, 8 – 18',
      },
      fr: {
        tagline: 'Gâteaux maison',
        about: 'Nous faisons nos gâteaux avec des produits de la région.',
        services: ['Gâteaux sur commande'],
        openingHours: 'Du lundi au samedi, 8 h – 18 h',
      },
    },
  };
}

/** A founder (writing in `language`) whose site is online at `slug`, mailed at `siteEmail`. */
async function publishedSite(slug: string, siteEmail: string, language: 'fr' | 'en' | 'ro' = 'fr') {
  const owner = await server.signup({ language });
  await buyLocally(server, owner, PREMIUM);
  const saved = await server.request('/api/website/draft', {
    body: { content: content(siteEmail) },
    token: owner.accessToken,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await server.request('/api/website/publish', {
    body: { slug },
    token: owner.accessToken,
  });
  expect(published.statusCode, published.body).toBe(200);
  const [site] = await server.db.select({ id: websites.id }).from(websites).where(eq(websites.slug, slug));
  return { owner, siteId: site?.id ?? '' };
}

const stampIn = (html: string) => /name="started" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** The stamp of the site's page as a visitor (or a bot) gets it. */
async function pageStamp(slug: string): Promise<string> {
  const page = await server.app.inject({ method: 'GET', url: `/sites/${slug}` });
  expect(page.statusCode).toBe(200);
  const stamp = stampIn(page.body);
  expect(stamp).not.toBe('');
  return stamp;
}

const send = (slug: string, fields: Record<string, string>, ip: string) =>
  server.app.inject({
    method: 'POST',
    url: `/sites/${slug}/contact`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ lang: 'ro', leave_this_empty: '', ...fields }).toString(),
    remoteAddress: ip,
  });

let visitors = 0;
/** A visitor's fields, each visitor with an address of their own. */
function visitor(overrides: Record<string, string> = {}) {
  visitors += 1;
  return {
    name: `Vizitator ${visitors}`,
    email: `vizitator.${visitors}@example.test`,
    message: `Bună ziua, aș dori un tort pentru sâmbătă (${visitors}).`,
    ...overrides,
  };
}

const storedFor = async (owner: SignedUpUser) =>
  server.db.select().from(websiteMessages).where(eq(websiteMessages.userId, owner.userId));

describe('the form’s time stamp is spent by the message it carries (R3-05)', () => {
  it('accepts one stamp once: sent 30 times from 6 addresses, it stores one message', async () => {
    const { owner } = await publishedSite('stamp-once', 'stamp-once@example.test');
    const stamp = await pageStamp('stamp-once');
    const statuses: number[] = [];
    for (let address = 1; address <= 6; address += 1)
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await send('stamp-once', { ...visitor(), started: stamp }, `192.0.2.${address}`);
        statuses.push(answer.statusCode);
        if (answer.statusCode === 303) continue;
        // Refused, the page comes back with the visitor's text and a stamp of its own.
        expect(answer.statusCode).toBe(400);
        expect(htmlText(answer.body)).toContain(translator('ro')('site:errors.used'));
        expect(stampIn(answer.body)).not.toBe(stamp);
      }
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses[0]).toBe(303);
    expect(await storedFor(owner)).toHaveLength(1);
  });

  it('sends a message that came back (a field error) with the stamp of the page that came back, once', async () => {
    const { owner } = await publishedSite('stamp-again', 'stamp-again@example.test');
    const fields = visitor();
    const wrong = await send(
      'stamp-again',
      { ...fields, email: 'not-an-address', started: await pageStamp('stamp-again') },
      '192.0.2.20',
    );
    expect(wrong.statusCode).toBe(400);
    expect(htmlText(wrong.body)).toContain(fields.message);
    const fresh = stampIn(wrong.body);
    const corrected = await send('stamp-again', { ...fields, started: fresh }, '192.0.2.20');
    expect(corrected.statusCode, corrected.body).toBe(303);
    // Back in the browser, the same page sent again: refused, with a fresh stamp to send it with.
    const twice = await send('stamp-again', { ...fields, started: fresh }, '192.0.2.20');
    expect(twice.statusCode).toBe(400);
    const third = await send('stamp-again', { ...fields, started: stampIn(twice.body) }, '192.0.2.20');
    expect(third.statusCode).toBe(303);
    expect(await storedFor(owner)).toHaveLength(2);
  });

  it('lets exactly one of several posts of one stamp at once through', async () => {
    const { owner } = await publishedSite('stamp-race', 'stamp-race@example.test');
    const stamp = await pageStamp('stamp-race');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        send('stamp-race', { ...visitor(), started: stamp }, `192.0.2.${40 + index}`),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 303)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(7);
    expect(await storedFor(owner)).toHaveLength(1);
  });
});
