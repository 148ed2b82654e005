/**
 * Starts the real server for the benchmark scripts: the production build and the API on a free
 * loopback port, the embedded database in a temporary folder, the rate limit off. Resolves once it
 * answers, with its URL; `close` stops it and removes the folder.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startBenchServer(port?: number) {
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kreo-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: '0',
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
  return { url, close };
}
