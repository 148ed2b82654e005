/**
 * The server as `npm start` runs it (server/main.ts, its own process, embedded database): what it
 * leaves on disk is readable by its own user only, its logs carry no token or link that grants
 * access, and in production it refuses to start with the operator's identity still an example, and
 * refuses, or loudly warns about, the free test checkout. It runs on the embedded database whatever
 * DATABASE_URL says, so only in the PGlite pass of `npm test`.
 */
const inPgLitePass = !process.env.DATABASE_URL;
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selfSignedPkcs12 } from '../../server/services/signing/seal-key';
import { TEST_PASSWORD, uniqueEmail } from './harness';
import {
  freePort,
  OPERATOR_IDENTITY,
  startServerProcess,
  type ServerProcess as Started,
} from './server-process';

/** A password typed into a form that a browser sent as a GET (R3-03's log line). */
const STRAY_PASSWORD = 'Secret-umwxg64100mpbo-Pw!';

/** Production's electronic seal (the operator's PKCS#12 file): kept outside DATA_DIR, as an operator would. */
const sealDir = await mkdtemp(path.join(tmpdir(), 'kreo-process-seal-'));
const SEAL = {
  SIGNING_P12_PATH: path.join(sealDir, 'seal.p12'),
  SIGNING_P12_PASSPHRASE: 'process seal',
};
await writeFile(SEAL.SIGNING_P12_PATH, selfSignedPkcs12(SEAL.SIGNING_P12_PASSPHRASE));
afterAll(async () => {
  await rm(sealDir, { recursive: true, force: true });
});

/** Production as an operator runs it: JSON logs, the operator's identity given. */
function startServer(env: Record<string, string>): Started {
  return startServerProcess({ LOG_FORMAT: 'json', ...OPERATOR_IDENTITY, ...env });
}

/** Every file and folder under `dir` with its permission bits. */
async function modesUnder(dir: string): Promise<{ file: string; mode: number; isDirectory: boolean }[]> {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    found.push({ file: full, mode: (await stat(full)).mode & 0o777, isDirectory: entry.isDirectory() });
    if (entry.isDirectory()) found.push(...(await modesUnder(full)));
  }
  return found;
}

describe.runIf(inPgLitePass)(
  'the server process, in production with the test checkout asked for by name',
  () => {
    let dataDir: string;
    let server: Started;
    let base: string;
    const email = uniqueEmail('process');

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-process-'));
      // What an older version left: a world-readable file and an open folder.
      await mkdir(path.join(dataDir, 'outbox'), { mode: 0o755 });
      await writeFile(path.join(dataDir, 'outbox', 'old.eml'), 'token=old-secret-link', { mode: 0o644 });
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = startServer({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'local',
        ...SEAL,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        SPA_DIR: path.join(dataDir, 'no-spa'),
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT: '0',
      });
      await vi.waitFor(
        () => {
          if (server.child.exitCode !== null) throw new Error(`The server stopped:\n${server.output()}`);
          if (!server.output().includes('Kreo is ready')) throw new Error('not ready yet');
        },
        { timeout: 90_000, interval: 100 },
      );

      const post = (url: string, body: unknown) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const registered = await post('/api/auth/register', {
        firstname: 'Camille',
        lastname: 'Dupont',
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        dateOfBirth: '1990-04-15',
      });
      expect(registered.status).toBe(200);
      expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
      // The pages a mailed link opens, with their tokens in the query.
      await fetch(`${base}/reset-password?token=SECRET-RESET-TOKEN`);
      await fetch(`${base}/verify-email?token=SECRET-VERIFY-TOKEN&lang=fr`);
      // An account form sent as a GET, as a browser did before the forms posted (R3-03): a stray one
      // (an old tab, a hand-made link) still must not leave its password in the log.
      await fetch(
        `${base}/login?login_email=a%40b.c&login_password=${encodeURIComponent(STRAY_PASSWORD)}&login_language=en`,
      );
      await fetch(
        `${base}/signup?signup_email=a%40b.c&signup_password=${STRAY_PASSWORD}&signup_confirmPassword=${STRAY_PASSWORD}`,
      );
      // Both mails reach the outbox (the worker sends them after the requests answered).
      await vi.waitFor(
        async () => {
          const files = (await readdir(path.join(dataDir, 'outbox'))).filter((file) => file !== 'old.eml');
          if (files.length < 2) throw new Error(`${files.length} of 2 mails in the outbox`);
        },
        { timeout: 60_000, interval: 100 },
      );
      server.child.kill('SIGTERM');
      await server.exited;
    }, 180_000);

    afterAll(async () => {
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    });

    it('warns at start that payments are not real', () => {
      expect(server.output()).toContain('PAYMENT_PROVIDER=local in production');
    });

    it('keeps DATA_DIR owner-only: folders 0700, files 0600, including what an older version left', async () => {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      const entries = await modesUnder(dataDir);
      expect(entries.some((entry) => entry.file.includes(`${path.sep}pglite${path.sep}`))).toBe(true);
      const wrong = entries.filter((entry) => entry.mode !== (entry.isDirectory ? 0o700 : 0o600));
      expect(wrong.map((entry) => `${entry.file} ${entry.mode.toString(8)}`)).toEqual([]);
    });

    it('logs no token, no password and no link that grants access', async () => {
      const log = server.output();
      expect(log).toContain('/reset-password?token=[redacted]');
      expect(log).not.toContain('SECRET-RESET-TOKEN');
      expect(log).not.toContain('SECRET-VERIFY-TOKEN');
      expect(log).not.toContain(TEST_PASSWORD);
      expect(log).not.toContain(STRAY_PASSWORD);
      expect(log).not.toContain(encodeURIComponent(STRAY_PASSWORD));
      expect(log).toContain('/login?login_email=a%40b.c&login_password=[redacted]&login_language=en');
      expect(log).toContain('signup_password=[redacted]&signup_confirmPassword=[redacted]');
      const outbox = path.join(dataDir, 'outbox');
      for (const file of await readdir(outbox)) {
        const text = (await readFile(path.join(outbox, file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        for (const [, token] of text.matchAll(/token=([\w-]{20,})/g)) expect(log).not.toContain(token);
      }
      expect(log).not.toMatch(/token=[\w-]{20,}/);
    });
  },
);

describe.runIf(inPgLitePass)('the server process, in production without the electronic seal', () => {
  it('refuses to start, saying what to set', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-process-no-seal-'));
    try {
      const server = startServer({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'local',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        /NODE_ENV=production needs the electronic seal of signed documents: set SIGNING_P12_PATH/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(inPgLitePass)(
  'the server process, in production with the operator’s identity unfinished',
  () => {
    it('refuses to start, naming each variable still holding its example', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-process-identity-'));
      try {
        const server = startServer({
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'local',
          ...SEAL,
          // Blank is unset: these two still show their examples on the legal notice and the invoices.
          PUBLISHER_VAT: '',
          MEDIATOR_URL: ' ',
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
        });
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain(
          "NODE_ENV=production needs the operator's identity (legal notice, terms, invoices): set PUBLISHER_VAT, MEDIATOR_URL (they still hold examples)",
        );
        expect(server.output()).not.toContain('Kreo is ready');
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);

describe.runIf(inPgLitePass)('the server process, in production with no payment provider', () => {
  it('refuses to start, saying what to set', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-process-refused-'));
    try {
      const server = startServer({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/NODE_ENV=production needs real payments/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
