/**
 * The contact form of a published site against abuse (security review, round 3): a time stamp is
 * spent by the message it carries (R3-05), and a flood is counted per sender before the site is,
 * while the founder's mailbox gets a few mails and then one digest (R3-06).
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, websiteMessages, websites } from '../../server/db/schema';
import { translator } from '../../server/services/i18n';
import { siteMessageDigest } from '../../server/services/mail/messages';
import type { WebsiteContent } from '../../src/shared/website';
import { buyLocally, htmlText, startTestServer, type SignedUpUser, type TestServer } from './harness';

const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };

/** For the tests that post a hundred forms or more: the machine may be busy. */
const POSTING_TIMEOUT = 180_000;

let server: TestServer;
beforeAll(async () => {
  // The production limit (5 an hour per sender); no wait before sending, so that a test posts the
  // very stamp the page carries, as a bot does, without waiting for the clock.
  server = await startTestServer({ config: { siteContact: { perHour: 5, minSeconds: 0 } } });
}, 120_000);
afterAll(() => server.close());

function content(email: string): WebsiteContent {
  return {
    siteName: 'Cofetăria Ana',
    languages: ['ro', 'fr'],
    color: 'teal',
    email,
    phone: '+40 21 123 45 67',
    address: 'Strada Lungă 3\nBrașov',
    country: 'RO',
    legalForm: 'SRL',
    shareCapital: 500,
    registrationPending: false,
    registrationNumber: 'J2026001234004',
    taxId: 'RO18547290',
    vatNumber: '',
    publicationDirector: '',
    legalDetails: '',
    texts: {
      ro: {
        tagline: 'Prăjituri de casă',
        about: 'Facem prăjituri cu ingrediente din zonă.',
        services: [{ name: 'Torturi la comandă' }],
        openingHours: 'Luni – sâmbătă, 8 – 18',
      },
      fr: {
        tagline: 'Gâteaux maison',
        about: 'Nous faisons nos gâteaux avec des produits de la région.',
        services: [{ name: 'Gâteaux sur commande' }],
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
  it(
    'accepts one stamp once: sent 30 times from 6 addresses, it stores one message',
    async () => {
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
    },
    POSTING_TIMEOUT,
  );

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

/** Ends the count windows whose key starts with `prefix`, as the passing of time would. */
const endWindows = (prefix: string) =>
  server.db
    .update(rateLimits)
    .set({ resetAt: sql`now()` })
    .where(like(rateLimits.key, `${prefix.replace(/[%_\\]/g, '\\$&')}%`));

/** Makes the owner's messages older by `minutes`, as if they had arrived that much earlier. */
const ageMessages = (owner: SignedUpUser, minutes: number, only?: { id: string }) =>
  server.db
    .update(websiteMessages)
    .set({ createdAt: sql`${websiteMessages.createdAt} - make_interval(mins => ${minutes})` })
    .where(only ? eq(websiteMessages.id, only.id) : eq(websiteMessages.userId, owner.userId));

const countOf = async (key: string) =>
  (await server.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

/** Posts one visitor's message with a stamp of its own; answers the status. */
async function write(slug: string, ip: string, overrides: Record<string, string> = {}) {
  const answer = await send(slug, { ...visitor(overrides), started: await pageStamp(slug) }, ip);
  return answer;
}

async function mailsTo(address: string) {
  await server.app.mailQueue.drain();
  return server.mail.to(address);
}

const listed = async (owner: SignedUpUser) =>
  (
    JSON.parse((await server.request('/api/website/messages', { token: owner.accessToken })).body) as {
      messages: { id: string; read: boolean }[];
    }
  ).messages;

describe('a flood is counted per sender, and the founder gets a few mails and one digest (R3-06)', () => {
  it(
    'keeps the form open to a new visitor after 21 addresses sent all they may, and mails the founder 3 times, then once',
    async () => {
      const siteEmail = 'flood-site@example.test';
      const { owner } = await publishedSite('flood-site', siteEmail, 'ro');
      const answers: number[] = [];
      for (let address = 1; address <= 21; address += 1)
        for (let attempt = 0; attempt < 6; attempt += 1)
          answers.push((await write('flood-site', `203.0.113.${address}`)).statusCode);
      // Each address sends its hour's five; the sixth is refused to that address only.
      expect(answers.filter((status) => status === 303)).toHaveLength(105);
      expect(answers.filter((status) => status === 429)).toHaveLength(21);

      const newcomer = await write('flood-site', '198.51.100.200');
      expect(newcomer.statusCode, htmlText(newcomer.body).slice(0, 300)).toBe(303);
      expect(await storedFor(owner)).toHaveLength(106);
      // Three mails, then the rest waits for a digest: the founder's page shows every message.
      expect(await mailsTo(siteEmail)).toHaveLength(3);
      const waiting = (await storedFor(owner)).filter((message) => message.mailedAt === null);
      expect(waiting).toHaveLength(103);
      expect(await listed(owner)).toHaveLength(106);

      // While the burst goes on, no digest; half an hour after its last message, one, in Romanian.
      expect(await server.app.siteInbox.sendDigests()).toBe(0);
      await ageMessages(owner, 31);
      expect(await server.app.siteInbox.sendDigests()).toBe(1);
      const mails = await mailsTo(siteEmail);
      expect(mails).toHaveLength(4);
      const ro = translator('ro');
      const digest = mails.at(-1);
      expect(digest?.subject).toBe(ro('emails:siteDigest.subject', { count: 103, site: 'Cofetăria Ana' }));
      expect(digest?.subject).toMatch(/^103 mesaje noi /);
      expect(digest?.text).toContain(ro('emails:siteDigest.why'));
      expect(digest?.text).toContain('http://kreo.test/create-your-website#website-messages');
      expect(digest?.replyTo).toBeUndefined();
      expect((await storedFor(owner)).every((message) => message.mailedAt !== null)).toBe(true);
      // Each message is in one digest only.
      expect(await server.app.siteInbox.sendDigests()).toBe(0);
      expect(await mailsTo(siteEmail)).toHaveLength(4);
    },
    POSTING_TIMEOUT,
  );

  it('mails a message now and then one by one, as before', async () => {
    const siteEmail = 'calm-site@example.test';
    const { owner } = await publishedSite('calm-site', siteEmail, 'en');
    for (let index = 0; index < 3; index += 1)
      expect((await write('calm-site', `203.0.113.${50 + index}`)).statusCode).toBe(303);
    // An hour later, the fourth.
    await endWindows(`site-mail:${owner.userId}`);
    expect((await write('calm-site', '203.0.113.60')).statusCode).toBe(303);
    const mails = await mailsTo(siteEmail);
    expect(mails).toHaveLength(4);
    expect(mails.every((mail) => mail.replyTo?.startsWith('vizitator.'))).toBe(true);
    expect((await storedFor(owner)).every((message) => message.mailedAt !== null)).toBe(true);
    await ageMessages(owner, 24 * 60);
    expect(await server.app.siteInbox.sendDigests()).toBe(0);
    expect(await mailsTo(siteEmail)).toHaveLength(4);
  });

  it('holds what follows a burst for the digest, even past the hour; several runs at once send one digest; then mails one by one again', async () => {
    const siteEmail = 'burst-site@example.test';
    const { owner } = await publishedSite('burst-site', siteEmail, 'fr');
    for (let index = 0; index < 5; index += 1)
      expect((await write('burst-site', `203.0.113.${70 + index}`)).statusCode).toBe(303);
    expect(await mailsTo(siteEmail)).toHaveLength(3);
    // The hour of single mails is over, but two messages still wait: this one joins them.
    await endWindows(`site-mail:${owner.userId}`);
    expect((await write('burst-site', '203.0.113.80')).statusCode).toBe(303);
    expect(await mailsTo(siteEmail)).toHaveLength(3);
    // The founder reads one in the app: the digest tells of the two others.
    const unread = (await listed(owner)).filter((message) => !message.read);
    expect(unread).toHaveLength(6);
    const read = await server.request(`/api/website/messages/${unread[0]?.id}/read`, {
      method: 'POST',
      token: owner.accessToken,
    });
    expect(read.statusCode).toBe(200);

    await ageMessages(owner, 31);
    const runs = await Promise.all([1, 2, 3].map(() => server.app.siteInbox.sendDigests()));
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    const mails = await mailsTo(siteEmail);
    expect(mails).toHaveLength(4);
    expect(mails.at(-1)?.subject).toBe('2 nouveaux messages sur votre site Cofetăria Ana');
    expect(mails.at(-1)?.text).toContain(translator('fr')('emails:siteDigest.next'));

    // Right after a digest, a message waits for the next one (a flood would go on)…
    expect((await write('burst-site', '203.0.113.81')).statusCode).toBe(303);
    await ageMessages(owner, 31);
    expect(await server.app.siteInbox.sendDigests()).toBe(1);
    expect((await mailsTo(siteEmail)).at(-1)?.subject).toBe('1 nouveau message sur votre site Cofetăria Ana');
    // …and three hours later, messages are mailed one by one again.
    await endWindows(`site-mail:${owner.userId}`);
    expect((await write('burst-site', '203.0.113.82')).statusCode).toBe(303);
    const last = (await mailsTo(siteEmail)).at(-1);
    expect(last?.replyTo).toMatch(/^vizitator\./);
    expect(await mailsTo(siteEmail)).toHaveLength(6);
    expect(await listed(owner)).toHaveLength(8);
  });

  it('sends the digest of a lasting flood three hours after its first held message', async () => {
    const siteEmail = 'long-flood@example.test';
    const { owner } = await publishedSite('long-flood', siteEmail, 'en');
    for (let index = 0; index < 5; index += 1)
      expect((await write('long-flood', `203.0.113.${90 + index}`)).statusCode).toBe(303);
    const [first] = (await storedFor(owner))
      .filter((message) => message.mailedAt === null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(first).toBeDefined();
    // Messages keep coming (the newest is a minute old), but the first held one is three hours old.
    await ageMessages(owner, 1);
    await ageMessages(owner, 180, first);
    expect(await server.app.siteInbox.sendDigests()).toBe(1);
    expect((await mailsTo(siteEmail)).at(-1)?.subject).toBe('2 new messages on your website Cofetăria Ana');
  });

  it(
    'counts each sender: 5 an hour and 10 a day from an address (IPv6 by its /64), 10 a day from a typed e-mail address',
    async () => {
      const { siteId } = await publishedSite('sender-site', 'sender-site@example.test');
      const fromNetwork = (host: number) => write('sender-site', `2001:db8:5:6::${host.toString(16)}`);
      for (let host = 1; host <= 5; host += 1) expect((await fromNetwork(host)).statusCode).toBe(303);
      const hourly = await fromNetwork(0x77);
      expect(hourly.statusCode).toBe(429);
      expect(htmlText(hourly.body)).toContain(translator('ro')('site:errors.tooMany'));
      await endWindows(`site-contact:${siteId}:2001:db8:5:6::/64`);
      for (let host = 6; host <= 10; host += 1) expect((await fromNetwork(host)).statusCode).toBe(303);
      await endWindows(`site-contact:${siteId}:2001:db8:5:6::/64`);
      const daily = await fromNetwork(0x99);
      expect(daily.statusCode).toBe(429);
      expect(htmlText(daily.body)).toContain(translator('ro')('site:errors.tooManyToday'));

      // One typed address, from ten networks (in any case): the eleventh message is refused.
      for (let network = 1; network <= 10; network += 1) {
        const email = network % 2 ? 'same.sender@example.test' : 'Same.Sender@Example.TEST';
        expect((await write('sender-site', `198.18.${network}.1`, { email })).statusCode).toBe(303);
      }
      const sameEmail = await write('sender-site', '198.18.11.1', { email: 'same.sender@example.test' });
      expect(sameEmail.statusCode).toBe(429);
      expect(htmlText(sameEmail.body)).toContain(translator('ro')('site:errors.tooManyToday'));
      // Another visitor is still welcome.
      expect((await write('sender-site', '198.18.12.1')).statusCode).toBe(303);
    },
    POSTING_TIMEOUT,
  );

  it('refuses past the site’s daily bound only, and a refused message leaves the sender’s allowance whole', async () => {
    const { owner, siteId } = await publishedSite('bound-site', 'bound-site@example.test');
    expect((await write('bound-site', '203.0.113.100')).statusCode).toBe(303);
    // 500 a day with 5 an hour per sender: a hundred senders' hours.
    await server.db
      .update(rateLimits)
      .set({ count: 500 })
      .where(eq(rateLimits.key, `site-contact:${siteId}`));
    const refused = await write('bound-site', '203.0.113.101');
    expect(refused.statusCode).toBe(429);
    expect(htmlText(refused.body)).toContain(translator('ro')('site:errors.siteBusy'));
    expect(await countOf(`site-contact:${siteId}:203.0.113.101`)).toBe(0);
    await server.db
      .update(rateLimits)
      .set({ count: 499 })
      .where(eq(rateLimits.key, `site-contact:${siteId}`));
    expect((await write('bound-site', '203.0.113.101')).statusCode).toBe(303);
    expect(await countOf(`site-contact:${siteId}:203.0.113.101`)).toBe(1);
    expect(await storedFor(owner)).toHaveLength(2);

    // A page sent twice does not count against its sender either.
    const stamp = await pageStamp('bound-site');
    await server.db
      .update(rateLimits)
      .set({ count: 0 })
      .where(eq(rateLimits.key, `site-contact:${siteId}`));
    expect((await send('bound-site', { ...visitor(), started: stamp }, '203.0.113.102')).statusCode).toBe(
      303,
    );
    expect((await send('bound-site', { ...visitor(), started: stamp }, '203.0.113.102')).statusCode).toBe(
      400,
    );
    expect(await countOf(`site-contact:${siteId}:203.0.113.102`)).toBe(1);
  });
});

describe('the digest mail', () => {
  it('says how many messages arrived, in the founder’s language with its plurals, and quotes none', () => {
    const brand = { siteUrl: 'http://kreo.test', supportEmail: 'support@kreo.test' };
    const digest = (language: string, count: number) =>
      siteMessageDigest(
        {
          to: 'site@example.test',
          language,
          siteName: 'Ana <b>&</b> Co',
          siteUrl: 'http://kreo.test/sites/ana',
          count,
        },
        brand,
      );
    expect(digest('fr', 1).subject).toBe('1 nouveau message sur votre site Ana <b>&</b> Co');
    expect(digest('fr', 2).subject).toBe('2 nouveaux messages sur votre site Ana <b>&</b> Co');
    expect(digest('en', 1).subject).toBe('1 new message on your website Ana <b>&</b> Co');
    expect(digest('en', 40).subject).toBe('40 new messages on your website Ana <b>&</b> Co');
    expect(digest('ro', 1).subject).toBe('1 mesaj nou pe site-ul dumneavoastră Ana <b>&</b> Co');
    expect(digest('ro', 7).subject).toBe('7 mesaje noi pe site-ul dumneavoastră Ana <b>&</b> Co');
    expect(digest('ro', 20).subject).toBe('20 de mesaje noi pe site-ul dumneavoastră Ana <b>&</b> Co');
    for (const language of ['fr', 'en', 'ro']) {
      const mail = digest(language, 3);
      expect(mail.text).toContain('http://kreo.test/create-your-website#website-messages');
      expect(mail.text).toContain('http://kreo.test/sites/ana');
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('{{');
      expect(mail.html).toContain('Ana &lt;b&gt;&amp;&lt;/b&gt; Co');
      expect(mail.html).not.toContain('<b>&</b>');
      expect(mail.replyTo).toBeUndefined();
    }
  });
});
