/** The mailer: the development outbox (no SMTP_URL) and real SMTP delivery. */
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, type Mailer } from '../../server/services/mail/mailer';
import { verificationEmail } from '../../server/services/mail/messages';
import { json, startTestServer, uniqueEmail, type TestServer } from './harness';

const FROM = 'Kreo <no-reply@kreo.test>';
const LINK = 'http://kreo.test/verify-email?token=abcDEF123_-xyz';
const BRAND = { siteUrl: 'http://kreo.test', supportEmail: 'support@kreo.test' };

/** The message as a reader sees it: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
const readable = (raw: string) =>
  /Content-Transfer-Encoding: quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;

describe('the outbox mailer (no SMTP_URL)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-outbox-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes an owner-only .eml file in DATA_DIR/outbox with the subject and the link, and logs no link', async () => {
    const logger = { info: vi.fn() };
    const mailer = createMailer({ smtpUrl: null, from: FROM, dataDir, logger });
    expect(mailer.outboxDir).toBe(path.join(dataDir, 'outbox'));

    await mailer.send(verificationEmail('camille@example.test', 'en', 'Camille', LINK, BRAND));
    mailer.close();

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const file = path.join(dataDir, 'outbox', files[0] ?? '');
    const raw = await readFile(file, 'utf8');
    expect(raw).toMatch(/^Subject: Confirm your e-mail address on Kreo$/m);
    expect(raw).toMatch(/^To: camille@example\.test$/m);
    expect(raw).toMatch(/^From: Kreo <no-reply@kreo\.test>$/m);
    expect(readable(raw)).toContain(LINK);
    // It holds a link that grants access: only the server's user may read it.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'outbox'))).mode & 0o077).toBe(0);

    expect(logger.info).toHaveBeenCalledTimes(1);
    const [fields, message] = logger.info.mock.calls[0] ?? [];
    expect(fields).toEqual({ file });
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain('token=');
    expect(message).toContain('Confirm your e-mail address on Kreo');
  });

  it('keeps a strange recipient address out of the file name', async () => {
    const logger = { info: vi.fn() };
    const mailer = createMailer({ smtpUrl: null, from: FROM, dataDir, logger });
    await mailer.send(verificationEmail('../../evil/"x"@example.test', 'fr', 'X', LINK, BRAND));
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files.every((file) => !file.includes('/') && !file.includes('"'))).toBe(true);
    expect(files).toHaveLength(2);
  });

  it('writes a mail to the longest address allowed (254 characters): the file name does not grow with it', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'kreo-outbox-long-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: FROM, dataDir: own, logger: { info: vi.fn() } });
      const address = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`;
      expect(address).toHaveLength(254);
      await mailer.send(verificationEmail(address, 'fr', 'A', LINK, BRAND));
      const files = await readdir(path.join(own, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]?.length).toBeLessThan(100);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('keeps every one of 40 mails sent to one address at once (none overwrites another)', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'kreo-outbox-race-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: FROM, dataDir: own, logger: { info: vi.fn() } });
      await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          mailer.send(verificationEmail('same@example.test', 'fr', `N${n}`, `${LINK}${n}`, BRAND)),
        ),
      );
      expect(await readdir(path.join(own, 'outbox'))).toHaveLength(40);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('the SMTP mailer', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: Received[] = [];
  let smtpMailer: Mailer;
  let server: TestServer;

  /** Waits for the receiver to hold `count` messages. */
  const waitForMessages = (count: number) =>
    vi.waitFor(
      () => {
        if (received.length < count) throw new Error(`${received.length} of ${count} messages received`);
      },
      { timeout: 30_000, interval: 20 },
    );

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    smtpMailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      dataDir: '/nonexistent',
      logger: { info: vi.fn() },
    });
    server = await startTestServer({ mailer: smtpMailer });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    smtpMailer?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
  });

  it('has no outbox', () => {
    expect(smtpMailer.outboxDir).toBeNull();
  });

  it('delivers a message to the SMTP server', async () => {
    const before = received.length;
    await smtpMailer.send(verificationEmail('ion@example.test', 'en', 'Ion', LINK, BRAND));
    await waitForMessages(before + 1);

    const message = received[before];
    expect(message?.from).toBe('no-reply@kreo.test');
    expect(message?.to).toEqual(['ion@example.test']);
    expect(message?.raw).toMatch(/^Subject: Confirm your e-mail address on Kreo\r?$/m);
    expect(message?.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(readable(message?.raw ?? '')).toContain(LINK);
  });

  it('delivers the verification mail of a sign-up, in French, with a link that verifies', async () => {
    const email = uniqueEmail('smtp');
    const before = received.length;
    const user = await server.signup({ email, language: 'fr' });
    await waitForMessages(before + 1);

    const message = received[before];
    expect(message?.to).toEqual([email]);
    expect(message?.raw).toMatch(/^Subject: Confirmez votre adresse e-mail sur Kreo\r?$/m);
    const text = readable(message?.raw ?? '');
    expect(text).toContain('Bonjour Camille,');
    const token = /http:\/\/kreo\.test\/verify-email\?token=([\w-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();

    const verified = await server.request('/api/auth/verify-email', { body: { token } });
    expect(verified.statusCode).toBe(200);
    const info = json(await server.request('/api/user/info', { token: user.accessToken }));
    expect(info.isEmailVerified).toBe(true);
  });
});
