/**
 * `npm run backup` and `npm run restore` (server/services/backup/), as an operator runs them: real
 * server processes (server/main.ts), the embedded database in the PGlite pass of `npm test` and
 * PostgreSQL (pg_dump, pg_restore) in the other. Data is made through the API, backed up while the
 * server runs and keeps writing, restored into a new DATA_DIR (and database), and a server started
 * on it finds every account, file, order, invoice, site and queued mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import stepsFile from '../../schemas/wizard/steps.json';
import { openDatabase } from '../../server/db/database';
import { knownMigrations, parseManifest } from '../../server/services/backup/manifest';
import { extractArchive } from '../../server/services/backup/tar-archive';
import { completeCompanyFile } from '../fixtures/company-file';
import { orderRequest } from '../fixtures/order';
import { openTestDatabase, TEST_PASSWORD, uniqueEmail } from './harness';
import { completeContent } from './website-fixtures';

const onPostgres = Boolean(process.env.DATABASE_URL);
const root = path.resolve(import.meta.dirname, '../..');
/** Generous: process starts and PGlite copies on a machine twice as slow as a quiet one. */
const PROCESS_MS = 120_000;

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

async function waitReady(server: Started) {
  await vi.waitFor(
    () => {
      if (server.child.exitCode !== null) throw new Error(`The server stopped:\n${server.output()}`);
      if (!server.output().includes('Kreo is ready')) throw new Error('not ready yet');
    },
    { timeout: PROCESS_MS, interval: 100 },
  );
}

async function stopServer(server: Started | undefined) {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- args`, as its package.json script runs it. */
async function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Ran> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** One line on stderr, nothing on stdout, exit code 1: how an expected error ends a command. */
function expectOneLineError(ran: Ran, pattern: RegExp) {
  expect(ran.code, ran.stdout + ran.stderr).toBe(1);
  expect(ran.stdout).toBe('');
  expect(ran.stderr.trim().split('\n')).toHaveLength(1);
  expect(ran.stderr.trim()).toMatch(pattern);
}

/** An SMTP server that answers 451 (try later) to every recipient, or receives every message. */
async function smtpServer(refuse: boolean) {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address: SMTPServerAddress, _session, callback) {
      if (!refuse) return callback();
      const later = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
      callback(later);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => smtp.close(r)) };
}

/** A client of one server: JSON calls with a bearer token, as the app makes them. */
function clientOf(base: string) {
  return async (
    url: string,
    options: {
      token?: string;
      body?: unknown;
      raw?: Buffer;
      cookie?: string;
      form?: Record<string, string>;
    } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = `refresh_token=${options.cookie}`;
    let body: string | Buffer | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else if (options.raw) {
      headers['content-type'] = 'application/octet-stream';
      body = options.raw;
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    return fetch(`${base}${url}`, {
      method: body === undefined && !options.cookie ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
  };
}

const refreshCookieOf = (response: Response) =>
  /refresh_token=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1] ?? '';

interface Account {
  email: string;
  password: string;
  accessToken: string;
  cookie: string;
}

const PREMIUM = { offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' };

describe(`npm run backup and npm run restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let work: string;
  let sourceDir: string;
  let restoredDir: string;
  let source: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
  const targetDatabases: string[] = [];
  let refusing: Awaited<ReturnType<typeof smtpServer>>;
  let receiving: Awaited<ReturnType<typeof smtpServer>>;
  let port: number;
  let base: string;
  let serverA: Started | undefined;
  let backup: Ran;
  let backupFile: string;
  const earlierMail = 'From: kreo@example.test\nSubject: written before the backup\n\nHello\n';
  const accounts: Account[] = [];
  const made = {
    sessionId: '',
    invoiceId: '',
    invoiceNumber: '',
    logoId: '',
    slug: `sauvegarde-${Date.now().toString(36)}`,
    siteName: 'Boulangerie Sauvegardée',
  };
  const writer = { revisionBeforeBackup: 0, savesDuringBackup: 0, email: uniqueEmail('writer') };

  /** A new empty PostgreSQL database beside the test's, dropped at the end. */
  async function emptyDatabase(): Promise<string> {
    const serverUrl = process.env.DATABASE_URL ?? '';
    const name = `kreo_restore_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    targetDatabases.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  const serverEnv = (dataDir: string, smtpUrl: string, databaseUrl: string | null) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SPA_DIR: path.join(work, 'no-spa'),
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT: '0',
    DOCUMENT_WORKERS: '1',
    SMTP_URL: smtpUrl,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'kreo-backup-test-'));
    sourceDir = path.join(work, 'source');
    restoredDir = path.join(work, 'restored');
    if (onPostgres) source = await openTestDatabase();
    refusing = await smtpServer(true);
    receiving = await smtpServer(false);
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // A mail an earlier run wrote to the outbox: a file of DATA_DIR that only the backup keeps.
    await mkdir(path.join(sourceDir, 'outbox'), { recursive: true, mode: 0o700 });
    await writeFile(path.join(sourceDir, 'outbox', 'earlier.eml'), earlierMail, { mode: 0o600 });

    // The server's mail is refused for now: every message it queues stays in the queue.
    serverA = startServer(serverEnv(sourceDir, refusing.url, source?.url ?? null));
    await waitReady(serverA);
    const call = clientOf(base);
    const ok = async (response: Promise<Response>, status = 200) => {
      const answered = await response;
      if (answered.status !== status)
        throw new Error(`${answered.url}: ${answered.status} ${await answered.text()}`);
      return answered;
    };
    const signup = async (language: 'fr' | 'en', email = uniqueEmail('backup'), password = TEST_PASSWORD) => {
      const registered = await ok(
        call('/api/auth/register', {
          body: {
            firstname: 'Camille',
            lastname: 'Dupont',
            email,
            password,
            confirmPassword: password,
            dateOfBirth: '1990-04-15',
            language,
          },
        }),
      );
      const { accessToken } = (await registered.json()) as { accessToken: string };
      return { email, password, accessToken, cookie: refreshCookieOf(registered) };
    };

    // The founder: a submitted company file, the 50 € package paid at the local checkout, a site.
    const founder = await signup('fr');
    accounts.push(founder, await signup('en', uniqueEmail('second'), 'Un-autre-mot-de-passe-2026'));
    await ok(
      call('/api/company-file/submit', {
        token: founder.accessToken,
        body: { data: completeCompanyFile(2, '2026-01-15'), version: stepsFile.version },
      }),
    );
    const checkout = (await (
      await ok(
        call('/api/checkout/create-session', { token: founder.accessToken, body: orderRequest(PREMIUM) }),
      )
    ).json()) as { url: string };
    made.sessionId = new URL(checkout.url).pathname.split('/').at(-1) ?? '';
    await ok(
      call(`/checkout/local/${made.sessionId}/pay`, {
        form: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardholder: 'C. Dupont' },
      }),
      303,
    );
    const order = (await (
      await ok(call(`/api/checkout/sessions/${made.sessionId}`, { token: founder.accessToken }))
    ).json()) as { status: string; invoice: { id: string; number: string } };
    expect(order.status).toBe('paid');
    made.invoiceId = order.invoice.id;
    made.invoiceNumber = order.invoice.number;
    // The purchase is in a new access token.
    const login = await ok(
      call('/api/auth/login', { body: { email: founder.email, password: founder.password } }),
    );
    founder.accessToken = ((await login.json()) as { accessToken: string }).accessToken;
    founder.cookie = refreshCookieOf(login);
    const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const uploaded = (await (
      await ok(call('/api/website/logo', { token: founder.accessToken, raw: logo }))
    ).json()) as { logo: { id: string } };
    made.logoId = uploaded.logo.id;
    await ok(
      call('/api/website/draft', {
        token: founder.accessToken,
        body: { content: completeContent({ siteName: made.siteName }) },
      }),
    );
    await ok(call('/api/website/publish', { token: founder.accessToken, body: { slug: made.slug } }));

    // A writer saves its draft again and again, before, during and after the backup.
    const writerAccount = await signup('fr', writer.email);
    accounts.push(writerAccount);
    let revision = 0;
    let backupRunning = false;
    let stop = false;
    const writing = (async () => {
      while (!stop) {
        const saved = await ok(
          call('/api/company-file/draft', {
            token: writerAccount.accessToken,
            body: {
              data: { companyName: `Révision ${revision + 1}` },
              step: 0,
              baseRevision: revision,
              version: stepsFile.version,
            },
          }),
        );
        revision = ((await saved.json()) as { revision: number }).revision;
        if (backupRunning) writer.savesDuringBackup += 1;
      }
    })();
    await vi.waitFor(() => expect(revision).toBeGreaterThan(2), { timeout: PROCESS_MS });

    writer.revisionBeforeBackup = revision;
    backupRunning = true;
    backup = await run('backup', ['--output', path.join(work, 'backups/')], {
      DATA_DIR: sourceDir,
      ...(source?.url ? { DATABASE_URL: source.url } : {}),
    });
    backupRunning = false;
    stop = true;
    await writing;
    backupFile = /to (\S+\.tar\.gz) /.exec(backup.stdout)?.[1] ?? '';
    await stopServer(serverA);
  }, 4 * PROCESS_MS);

  afterAll(async () => {
    if (serverA?.child.exitCode === null) serverA.child.kill('SIGKILL');
    await refusing?.close();
    await receiving?.close();
    await source?.close();
    if (targetDatabases.length > 0) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      for (const name of targetDatabases) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    await rm(work, { recursive: true, force: true });
  });

  it(
    'writes one owner-only file with a manifest, while the server runs and keeps writing',
    async () => {
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stderr).toBe('');
      expect(backup.stdout.trim().split('\n')).toHaveLength(1);
      expect(backup.stdout).toMatch(
        onPostgres
          ? /^Backed up PostgreSQL .* \(pg_dump \d+/
          : /^Backed up the embedded database \(copied by the running server;/,
      );
      expect(writer.savesDuringBackup).toBeGreaterThan(0);
      expect((await stat(backupFile)).mode & 0o777).toBe(0o600);

      const unpacked = path.join(work, 'unpacked');
      await extractArchive(backupFile, unpacked);
      const manifest = parseManifest(await readFile(path.join(unpacked, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        kind: onPostgres ? 'postgres' : 'pglite',
        schemaVersion: knownMigrations.at(-1)?.tag,
        kreoVersion: '0.1.0',
        database: { taken: onPostgres ? 'pg_dump' : 'running-server' },
        fromEnvironment: [],
      });
      expect(manifest.files.map((file) => file.path)).toEqual([
        onPostgres ? 'database/postgres.dump' : 'database/pglite-data.tar',
        'data-dir/jwt-secret',
        'data-dir/outbox/earlier.eml',
        'data-dir/seal-development.pem',
      ]);
    },
    PROCESS_MS,
  );

  // Each test waits on a server under load (a PDF, a mail): the process limit, not the default 20 s.
  describe('restored into a new DATA_DIR', { timeout: PROCESS_MS }, () => {
    let restore: Ran;
    let targetUrl: string | null = null;
    let serverB: Started | undefined;
    let pendingBeforeStart: { recipient: string; subject: string | null }[] = [];
    let writerRevision = 0;
    const call = () => clientOf(base);

    beforeAll(async () => {
      if (onPostgres) targetUrl = await emptyDatabase();
      restore = await run(
        'restore',
        [backupFile, '--data-dir', restoredDir, ...(targetUrl ? ['--database-url', targetUrl] : [])],
        {},
      );
      if (restore.code !== 0) return;
      // What the database holds before a server touches it, and the queued mails' retry made due.
      const handle = await openDatabase(targetUrl ? { url: targetUrl } : { dir: restoredDir });
      try {
        const pending = await handle.db.execute(
          sql`select recipient, subject from mail_queue where status = 'pending' order by created_at`,
        );
        pendingBeforeStart = (pending as unknown as { rows: { recipient: string; subject: string | null }[] })
          .rows;
        const draft = await handle.db.execute(
          sql`select f.revision from company_files f join users u on u.id = f.user_id where u.email = ${writer.email}`,
        );
        writerRevision = Number(
          (draft as unknown as { rows: { revision: number }[] }).rows[0]?.revision ?? 0,
        );
        // As if the retry were due (the old server's last attempt was refused a moment ago).
        await handle.db.execute(
          sql`update mail_queue set next_attempt_at = now(), locked_until = null where status = 'pending'`,
        );
      } finally {
        await handle.close();
      }
      // Its mail now goes to a server that takes it.
      serverB = startServer(serverEnv(restoredDir, receiving.url, targetUrl));
      await waitReady(serverB);
    }, 3 * PROCESS_MS);

    afterAll(async () => {
      await stopServer(serverB);
    });

    it('says what it restored, in one line', () => {
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stderr).toBe('');
      expect(restore.stdout.trim().split('\n')).toHaveLength(1);
      expect(restore.stdout).toMatch(
        /^Restored the backup of \S+ into .*\(schema \S+, 3 accounts\) and 3 files into /,
      );
    });

    it('brings back the files of DATA_DIR: the JWT key, the development seal and the outbox, owner-only', async () => {
      for (const file of ['jwt-secret', 'seal-development.pem', 'outbox/earlier.eml']) {
        expect(await readFile(path.join(restoredDir, file)), file).toEqual(
          await readFile(path.join(sourceDir, file)),
        );
        expect((await stat(path.join(restoredDir, file))).mode & 0o777).toBe(0o600);
      }
      expect((await stat(restoredDir)).mode & 0o777).toBe(0o700);
      expect(await readdir(restoredDir)).not.toContain('.restoring');
    });

    it('holds a consistent database: the writes made before the backup, the mails still queued', () => {
      expect(writerRevision).toBeGreaterThanOrEqual(writer.revisionBeforeBackup);
      expect(pendingBeforeStart.map((mail) => mail.recipient)).toContain(accounts[0]?.email);
      expect(pendingBeforeStart.some((mail) => mail.subject?.includes(made.invoiceNumber))).toBe(true);
    });

    it(
      'lets every account log in with its password, and takes the sessions made before',
      async () => {
        for (const account of accounts) {
          const login = await call()('/api/auth/login', {
            body: { email: account.email, password: account.password },
          });
          expect(login.status, account.email).toBe(200);
        }
        const founder = accounts[0] as Account;
        // The same signing key: an access token of the old server is still good until it expires.
        expect((await call()('/api/user/info', { token: founder.accessToken })).status).toBe(200);
        // The refresh tokens are rows: the browser's cookie still opens a session.
        const refreshed = await call()('/api/auth/getJWTtoken', { cookie: founder.cookie });
        expect(refreshed.status).toBe(200);
      },
      PROCESS_MS,
    );

    it('finds the submitted company file, the paid order and its invoice, whose PDF downloads', async () => {
      const founder = accounts[0] as Account;
      const file = (await (await call()('/api/company-file', { token: founder.accessToken })).json()) as {
        status: string;
        data: { companyName?: string };
      };
      expect(file).toMatchObject({ status: 'submitted', data: { companyName: 'Boulangerie Dupont' } });
      const order = (await (
        await call()(`/api/checkout/sessions/${made.sessionId}`, { token: founder.accessToken })
      ).json()) as { status: string; invoice: { number: string } };
      expect(order).toMatchObject({ status: 'paid', invoice: { number: made.invoiceNumber } });
      const pdf = await call()(`/api/invoices/${made.invoiceId}`, { token: founder.accessToken });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    });

    it('serves the published site at its address, with its logo', async () => {
      const page = await call()(`/sites/${made.slug}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(made.siteName);
      expect(html).toContain(`/site-logos/${made.logoId}/`);
      const image = await call()(`/site-logos/${made.logoId}/header.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    });

    it(
      'sends the mail that was still queued: the receipt of the order, with its invoice',
      async () => {
        const founder = accounts[0] as Account;
        await vi.waitFor(
          () => {
            const receipt = receiving.received.find(
              (mail) => mail.to.includes(founder.email) && mail.raw.includes(made.invoiceNumber),
            );
            if (!receipt) throw new Error(`${receiving.received.length} mails received, no receipt yet`);
          },
          { timeout: PROCESS_MS, interval: 200 },
        );
      },
      PROCESS_MS,
    );

    it.runIf(!onPostgres)(
      'refuses to restore into the DATA_DIR of a running server, even with --force',
      async () => {
        const before = await readdir(restoredDir);
        expectOneLineError(
          await run('restore', [backupFile, '--data-dir', restoredDir, '--force'], {}),
          /^A Kreo server runs on .*: stop it before restoring into its DATA_DIR/,
        );
        expect(await readdir(restoredDir)).toEqual(before);
      },
      PROCESS_MS,
    );

    it.runIf(!onPostgres)(
      'keeps a second server off the same embedded database',
      async () => {
        const second = startServer(serverEnv(restoredDir, receiving.url, null));
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(
          /Another Kreo server runs on .*: the embedded database takes one process/,
        );
      },
      PROCESS_MS,
    );
  });

  it(
    'refuses a DATA_DIR that is not empty, and a database that has tables, changing nothing',
    async () => {
      const before = (await readdir(sourceDir)).sort();
      expectOneLineError(
        await run(
          'restore',
          [
            backupFile,
            '--data-dir',
            sourceDir,
            ...(source?.url ? ['--database-url', await emptyDatabase()] : []),
          ],
          {},
        ),
        /is not empty: restore into a new or empty folder \(--data-dir\), or add --force/,
      );
      expect((await readdir(sourceDir)).sort()).toEqual(before);
      if (source?.url) {
        expectOneLineError(
          await run(
            'restore',
            [backupFile, '--data-dir', path.join(work, 'unused'), '--database-url', source.url],
            {},
          ),
          /already has \d+ tables: restore into an empty database, or add --force/,
        );
        expect(await stat(path.join(work, 'unused')).catch(() => null)).toBeNull();
      }
    },
    PROCESS_MS,
  );

  it(
    'answers a truncated or damaged file in one line, and changes nothing',
    async () => {
      const whole = await readFile(backupFile);
      const truncated = path.join(work, 'truncated.tar.gz');
      await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      const damaged = path.join(work, 'damaged.tar.gz');
      const flipped = Buffer.from(whole);
      const middle = Math.floor(flipped.length / 2);
      flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;
      await writeFile(damaged, flipped);
      for (const file of [truncated, damaged]) {
        const target = path.join(work, `from-${path.basename(file)}`);
        const targetUrl = onPostgres ? await emptyDatabase() : null;
        expectOneLineError(
          await run(
            'restore',
            [file, '--data-dir', target, ...(targetUrl ? ['--database-url', targetUrl] : [])],
            {},
          ),
          /^The backup file is damaged or incomplete \(.+\): nothing was restored$/,
        );
        expect(await stat(target).catch(() => null)).toBeNull();
        if (targetUrl) {
          const client = new pg.Client({ connectionString: targetUrl });
          await client.connect();
          const { rows } = await client.query(
            "select count(*)::int as count from pg_tables where schemaname = 'public'",
          );
          await client.end();
          expect(rows[0]?.count).toBe(0);
        }
      }
    },
    2 * PROCESS_MS,
  );

  it.runIf(!onPostgres)(
    'backs up a stopped server’s folder too, and that backup restores',
    async () => {
      const offline = await run('backup', ['--output', path.join(work, 'backups/')], { DATA_DIR: sourceDir });
      expect(offline.code, offline.stderr).toBe(0);
      expect(offline.stdout).toMatch(/^Backed up the embedded database \(server stopped;/);
      const file = /to (\S+\.tar\.gz) /.exec(offline.stdout)?.[1] ?? '';
      expect(file).not.toBe(backupFile);
      const restored = await run('restore', [file, '--data-dir', path.join(work, 'offline')], {});
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/3 accounts\) and 3 files into /);
    },
    2 * PROCESS_MS,
  );

  it.runIf(onPostgres)(
    'says which pg_dump it needs when it is missing or older than the server',
    async () => {
      const bin = path.join(work, 'old-bin');
      await mkdir(bin, { recursive: true });
      await writeFile(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
      await chmod(path.join(bin, 'pg_dump'), 0o755);
      const env = { DATA_DIR: sourceDir, DATABASE_URL: source?.url ?? '' };
      const output = ['--output', path.join(work, 'refused/')];
      expectOneLineError(
        await run('backup', output, { ...env, PATH: bin }),
        /^pg_dump 9\.6\.24 cannot dump PostgreSQL \d+\.\d+: install pg_dump \d+ or newer/,
      );
      expectOneLineError(
        await run('backup', output, { ...env, PATH: path.join(work, 'no-bin') }),
        /^pg_dump is not installed: install PostgreSQL's client tools, version \d+ or newer/,
      );
      expect(await readdir(path.join(work, 'refused')).catch(() => [])).toEqual([]);
    },
    PROCESS_MS,
  );
});
