/**
 * Starts the real server for the benchmark scripts: the production build (SPA_DIR, else dist/) and
 * the API on a loopback port (the one given, else BENCH_PORT, else a free one), the embedded database in a temporary folder,
 * the rate limit off, the local (free, test) checkout, mail written to the folder's outbox. Resolves
 * once it answers, with its URL and folder; `close` stops it and removes the folder. With `http2`
 * (or BENCH_HTTP2=1) a TLS front speaking HTTP/2 stands before it, as a reverse proxy in production.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { startTlsFront } from './tls-front';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface BenchServer {
  /** The server itself (HTTP/1.1): what the benchmarks' own API calls use. */
  url: string;
  /**
   * What a browser opens: the server's URL, or with BENCH_HTTP2=1 a TLS front speaking HTTP/2 before
   * it (tls-front.ts), as in production behind nginx or Caddy.
   */
  browserUrl: string;
  /** 'http/1.1' straight to Node, or 'h2' through the TLS front. */
  protocol: 'http/1.1' | 'h2';
  /** DATA_DIR: the database and the outbox (`outbox/*.eml`) of this run. */
  dataDir: string;
  close: () => Promise<void>;
}

export async function startBenchServer(
  options: { port?: number; http2?: boolean } = {},
): Promise<BenchServer> {
  const { port, http2 = process.env.BENCH_HTTP2 === '1' } = options;
  const listenOn = port ?? (process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const front = http2 ? await startTlsFront(url) : null;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      // Behind the front, the server's public address is the front's, and it trusts what the front says.
      PUBLIC_URL: front?.url ?? url,
      ...(front ? { TRUST_PROXY: 'true' } : {}),
      DATA_DIR: dataDir,
      // The sign-ups' verification mail goes to the outbox, where the benchmarks read the links.
      SMTP_URL: '',
      AUTH_RATE_LIMIT: '0',
      // The free test checkout, even where a Stripe key is set: the Lighthouse benchmark buys a package.
      PAYMENT_PROVIDER: 'local',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server's log, without the line of each sign-up's confirmation mail.
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (!line.startsWith('Mail written to the outbox')) console.log(line);
  });

  const close = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await front?.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    for (let attempt = 0; ; attempt += 1) {
      if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
      if (attempt >= 120) throw new Error('The server did not start within 60 s');
      try {
        if ((await fetch(`${url}/api/marketing/offers/list`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { url, browserUrl: front?.url ?? url, protocol: front ? 'h2' : 'http/1.1', dataDir, close };
}

/** Whether the module at `moduleUrl` is the script being run (`tsx scripts/x.ts`), not an import. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(path.resolve(script)).href === moduleUrl;
}
