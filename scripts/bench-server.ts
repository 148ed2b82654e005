/**
 * Starts the real server for the benchmark scripts: the production build (SPA_DIR, else dist/) and
 * the API on a loopback port (the one given, else BENCH_PORT, else a free one), the embedded database in a temporary folder,
 * the rate limit off, the local (free, test) checkout, mail written to the folder's outbox. Resolves
 * once it answers, with its URL and folder; `close` stops it and removes the folder.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface BenchServer {
  url: string;
  /** DATA_DIR: the database and the outbox (`outbox/*.eml`) of this run. */
  dataDir: string;
  close: () => Promise<void>;
}

export async function startBenchServer(port?: number): Promise<BenchServer> {
  const listenOn = port ?? (process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
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
  return { url, dataDir, close };
}

/** Whether the module at `moduleUrl` is the script being run (`tsx scripts/x.ts`), not an import. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(path.resolve(script)).href === moduleUrl;
}
