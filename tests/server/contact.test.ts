/** The contact form (POST /api/contact, and POST /contact without JavaScript) and the site's identity. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../server/db/schema';
import { EXAMPLE_SITE_INFO, readSiteInfo, SITE_INFO_FIELDS } from '../../src/shared/site-info';
import { htmlText, json, startTestServer, uniqueEmail, type TestServer } from './harness';

const SUPPORT = 'support@kreo.test';

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ștefan Dumitrescu',
    email: uniqueEmail('stefan'),
    subject: 'Capital social',
    message: 'Bună ziua, pot schimba capitalul după plată? <b>Mulțumesc</b>',
    language: 'ro',
    ...overrides,
  };
}

/** A urlencoded form body, as a browser without JavaScript posts it. */
function formBody(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

describe('POST /api/contact', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { contactRateLimitPerHour: 3 } });
  });
  afterAll(() => server.close());

  /** Posts from an address, then lets the mail worker send what was queued. */
  const send = async (body: Record<string, unknown>, ip = '203.0.113.1') => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress: ip,
    });
    await server.app.mailQueue.drain();
    return response;
  };

  it('stores the message, mails it to support (reply to the sender) and acknowledges it in the sender language', async () => {
    const body = message({ language: 'ro' });
    const response = await send(body, '203.0.113.10');
    expect(response.statusCode).toBe(202);
    const { reference, message: said } = json<{ reference: string; message: string }>(response);
    expect(reference).toMatch(/^C-[0-9A-F]{8}$/);
    expect(said).toContain('Mesajul dumneavoastră a fost trimis');

    const rows = await server.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ștefan Dumitrescu',
      subject: 'Capital social',
      language: 'ro',
      ip: '203.0.113.10',
    });
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);

    const [toSupport] = server.mail.to(SUPPORT).filter((mail) => mail.subject.includes(reference));
    expect(toSupport?.replyTo).toBe(body.email);
    expect(toSupport?.text).toContain(body.email);
    expect(toSupport?.text).toContain('Mulțumesc');
    // The sender's words are text in the HTML, never markup.
    expect(toSupport?.html).toContain('&lt;b&gt;Mulțumesc&lt;/b&gt;');

    const [acknowledgement] = server.mail.to(body.email);
    expect(acknowledgement?.subject).toBe(`Am primit mesajul dumneavoastră (${reference}) – Kreo`);
    expect(acknowledgement?.text).toContain('mesajul dumneavoastră a ajuns la echipa Kreo');
    // None of the sender's own words: the form cannot mail a stranger text of someone else's choosing.
    expect(acknowledgement?.text).not.toContain('schimba capitalul');
    expect(acknowledgement?.text).not.toContain('Capital social');
    expect(acknowledgement?.text).not.toContain('Ștefan');
    // Branded: the footer names the support address and the site.
    expect(acknowledgement?.text).toContain(`Scrieți-ne la ${SUPPORT}`);
    expect(acknowledgement?.html).toContain(`mailto:${SUPPORT}`);
  });

  it.each([
    ['fr', 'Nous avons bien reçu votre message'],
    ['en', 'We have received your message'],
  ] as const)('acknowledges in %s', async (language, subject) => {
    const body = message({ language, subject: 'Question' });
    expect((await send(body, `198.51.100.${language === 'fr' ? 1 : 2}`)).statusCode).toBe(202);
    expect(server.mail.to(body.email)[0]?.subject).toContain(subject);
  });

  it('names each field problem in the sender language and stores nothing', async () => {
    const body = message({ language: 'fr', name: '   ', email: 'pas-une-adresse', message: 'Court' });
    const response = await send(body, '203.0.113.20');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: 'Vérifiez les champs signalés.',
      error: 'Bad Request',
      fields: {
        name: 'Champ obligatoire',
        email: 'Saisissez une adresse e-mail valide',
        message: 'Au moins 10 caractères',
      },
    });
    expect(
      await server.db.select().from(contactMessages).where(eq(contactMessages.email, body.email)),
    ).toEqual([]);
    expect(server.mail.to(body.email)).toEqual([]);
  });

  it('refuses a message whose hidden trap field is filled (a bot), storing and mailing nothing', async () => {
    const body = message({ language: 'en', website: 'https://spam.example' });
    const response = await send(body, '203.0.113.30');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('This message was refused.');
    expect(
      await server.db.select().from(contactMessages).where(eq(contactMessages.email, body.email)),
    ).toEqual([]);
    expect(server.mail.to(body.email)).toEqual([]);
  });

  it('refuses more messages an hour from one address than the limit, in the sender language', async () => {
    for (let count = 0; count < 3; count += 1)
      expect((await send(message(), '203.0.113.40')).statusCode).toBe(202);
    const refused = await send(message({ language: 'fr' }), '203.0.113.40');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toContain('Réessayez dans une heure');
    // Another address is not held back.
    expect((await send(message(), '203.0.113.41')).statusCode).toBe(202);
  });

  it('counts an IPv6 sender by its /64, as every other limit does', async () => {
    for (let count = 0; count < 3; count += 1)
      expect((await send(message(), `2001:db8:40:1::${count + 1}`)).statusCode).toBe(202);
    expect((await send(message(), '2001:db8:40:1:ffff::9')).statusCode).toBe(429);
    expect((await send(message(), '2001:db8:40:2::1')).statusCode).toBe(202);
  });

  it('acknowledges at most three messages an hour to one address, whoever sends them', async () => {
    const target = uniqueEmail('stranger');
    for (let count = 0; count < 4; count += 1)
      expect((await send(message({ email: target }), `198.51.100.${100 + count}`)).statusCode).toBe(202);
    expect(server.mail.to(target)).toHaveLength(3);
    // Every message still reaches the support team.
    expect(server.mail.to(SUPPORT).filter((mail) => mail.replyTo === target)).toHaveLength(4);
  });

  it('refuses control characters as a field error and a NUL byte as a bad body, never a 500', async () => {
    const response = await send(message({ language: 'en', subject: 'S\u0001x' }), '203.0.113.50');
    expect(response.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(response).fields).toEqual({ subject: 'Invalid value' });
    expect((await send(message({ subject: 'S\u0000x' }), '203.0.113.50')).statusCode).toBe(400);
  });

  it('refuses unknown fields, wrong types and oversized messages with a 4xx, never a 500', async () => {
    expect((await send({ ...message(), admin: true })).statusCode).toBe(400);
    expect((await send({ ...message(), language: 'de' })).statusCode).toBe(400);
    expect((await send({ ...message(), message: 42 })).statusCode).toBe(400);
    expect((await send({ ...message(), message: 'x'.repeat(5001) })).statusCode).toBe(400);
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('POST /contact (the form without JavaScript)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const post = async (fields: Record<string, string>) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(fields),
      remoteAddress: '192.0.2.7',
    });
    await server.app.mailQueue.drain();
    return response;
  };

  it('sends a valid message and goes on to /contact?sent=<reference>', async () => {
    const email = uniqueEmail('sans-js');
    const response = await post({
      name: 'Camille',
      email,
      subject: 'Facture',
      message: 'Pouvez-vous m’envoyer la facture ?',
      language: 'fr',
      website: '',
    });
    expect(response.statusCode).toBe(303);
    const reference = /^\/contact\?sent=(C-[0-9A-F]{8})$/.exec(response.headers.location ?? '')?.[1];
    expect(reference).toBeDefined();
    expect(server.mail.to(email)[0]?.subject).toContain(reference);
  });

  it("takes the app's own form too, sent before the app ran (its fields named contact_<field>)", async () => {
    const email = uniqueEmail('early-contact');
    const response = await server.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: formBody({
        contact_name: 'Camille',
        contact_email: email,
        contact_subject: 'Invoice',
        contact_message: 'Could you send me the invoice, please?',
        website: '',
      }),
      remoteAddress: '192.0.2.8',
    });
    await server.app.mailQueue.drain();
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/contact\?sent=C-[0-9A-F]{8}$/);
    const [stored] = await server.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({ name: 'Camille', subject: 'Invoice', language: 'en' });
  });

  it('gives the form back with each problem, in the form language, keeping what was typed', async () => {
    const response = await post({
      name: 'Ion',
      email: 'ion@',
      subject: 'Taxe',
      message: 'Scurt',
      language: 'ro',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    const text = htmlText(response.body);
    expect(text).toContain('Verificați câmpurile semnalate.');
    expect(text).toContain('Introduceți o adresă de e-mail validă');
    expect(text).toContain('Cel puțin 10 caractere');
    expect(response.body).toContain('value="ion@"');
    expect(response.body).toContain('>Scurt</textarea>');
    expect(response.body).toContain('<html lang="ro"');
  });

  it('escapes what was typed when it gives the form back', async () => {
    const response = await post({
      name: '"><script>alert(1)</script>',
      email: 'x',
      subject: 's',
      message: 'm',
      language: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses a filled trap field without storing anything', async () => {
    const email = uniqueEmail('bot');
    const response = await post({
      name: 'Bot',
      email,
      subject: 'Offer',
      message: 'Buy cheap things now!!!',
      language: 'en',
      website: 'http://spam.example',
    });
    expect(response.statusCode).toBe(400);
    expect(htmlText(response.body)).toContain('This message was refused.');
    expect(await server.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual(
      [],
    );
  });

  it('treats a repeated trap field as filled, and a NUL byte as a field error', async () => {
    const email = uniqueEmail('repeat');
    const repeated = await server.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${formBody({ name: 'Bot', email, subject: 'Offer', message: 'Buy cheap things now!!!', language: 'en' })}&website=a&website=b`,
      remoteAddress: '192.0.2.8',
    });
    expect(repeated.statusCode).toBe(400);
    expect(await server.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual(
      [],
    );
    const nul = await post({
      name: 'Luc',
      email,
      subject: 'S\u0000x',
      message: 'Un message assez long.',
      language: 'fr',
    });
    expect(nul.statusCode).toBe(400);
    expect(htmlText(nul.body)).toContain('Valeur invalide');
  });

  it('answers a body that is not a form with a 4xx, never a 500', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '%%%',
    });
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('the site identity (GET /api/site/info, SUPPORT_EMAIL…)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      config: {
        site: readSiteInfo({ PUBLISHER_NAME: 'Kreo Conseil SAS', SUPPORT_EMAIL: 'aide@kreo.fr' }, []),
      },
    });
  });
  afterAll(() => server.close());

  it('serves the configured values and lists the fields still holding an example', async () => {
    const info = json<{ values: Record<string, string>; examples: string[] }>(
      await server.request('/api/site/info'),
    );
    expect(info.values).toEqual({
      ...EXAMPLE_SITE_INFO,
      publisherName: 'Kreo Conseil SAS',
      supportEmail: 'aide@kreo.fr',
    });
    expect(info.examples).toEqual(
      SITE_INFO_FIELDS.filter((field) => !['publisherName', 'supportEmail'].includes(field)),
    );
  });

  it('refuses a support address that is not an e-mail, and a mediator address that is not https', () => {
    const problems: string[] = [];
    readSiteInfo({ SUPPORT_EMAIL: 'support', MEDIATOR_URL: 'http://mediator.example' }, problems);
    expect(problems).toEqual([
      'SUPPORT_EMAIL must be an e-mail address, got "support"',
      'MEDIATOR_URL must be an https:// address, got "http://mediator.example"',
    ]);
  });
});
