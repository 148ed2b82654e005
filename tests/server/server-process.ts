/**
 * The server as `npm start` runs it (node --import tsx server/main.ts), in its own process, for the
 * tests that need a real process: its signals, its exit code, its log lines, its files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * An operator's identity with no example left in it (src/shared/site-info.ts): what production
 * refuses to start without.
 */
export const OPERATOR_IDENTITY = {
  PUBLISHER_NAME: 'Fondatrice SAS',
  PUBLISHER_LEGAL_FORM: 'SAS',
  PUBLISHER_CAPITAL: '5 000 €',
  PUBLISHER_ADDRESS: '8 rue des Tests, 69003 Lyon, France',
  PUBLISHER_REGISTRATION: 'RCS Lyon 123 456 789',
  PUBLISHER_VAT: 'FR12123456789',
  PUBLICATION_DIRECTOR: 'Ana Test',
  PUBLISHER_EMAIL: 'contact@operator.test',
  PUBLISHER_PHONE: '+33 4 12 34 56 78',
  HOSTING_NAME: 'Hébergeur Test SAS',
  HOSTING_ADDRESS: '3 quai des Tests, 59100 Roubaix, France',
  HOSTING_PHONE: '+33 3 12 34 56 78',
  SUPPORT_EMAIL: 'support@operator.test',
  PRIVACY_EMAIL: 'privacy@operator.test',
  MEDIATOR_NAME: 'Médiateur Test',
  MEDIATOR_URL: 'https://mediator.test',
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/** One JSON log line (LOG_FORMAT=json): pino's fields and the line's own. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  output: () => string;
  /** Its JSON log lines so far (LOG_FORMAT=json); other lines, such as a start-up error, are left out. */
  lines: LogLine[];
  /** Its exit code (null when a signal ended it), once its output is all read. */
  exited: Promise<number | null>;
}

/** Starts server/main.ts with only PATH and HOME from this process's environment, and `env`. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  let output = '';
  let partial = '';
  const lines: LogLine[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': every line it wrote has been read by then.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  return { child, output: () => output, lines, exited };
}

/**
 * Resolves with the first log line `matches` accepts, as soon as it is written; fails when the
 * server exits without writing it, or after `timeout`.
 */
export function waitForLog(
  server: ServerProcess,
  matches: (line: LogLine) => boolean,
  timeout = 120_000,
): Promise<LogLine> {
  return new Promise((resolve, reject) => {
    let checked = 0;
    const check = () => {
      for (; checked < server.lines.length; checked += 1) {
        const line = server.lines[checked];
        if (line && matches(line)) {
          stop();
          resolve(line);
          return;
        }
      }
    };
    const onClose = () => {
      check();
      stop();
      reject(new Error(`The server stopped without logging it:\n${server.output()}`));
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Not logged within ${timeout} ms:\n${server.output()}`));
    }, timeout);
    const stop = () => {
      clearTimeout(timer);
      server.child.stdout?.off('data', check);
      server.child.off('close', onClose);
    };
    // Registered after startServerProcess's own listener: `lines` already has the chunk's lines.
    server.child.stdout?.on('data', check);
    server.child.once('close', onClose);
    check();
    if (server.child.exitCode !== null && server.child.stdout?.readableEnded) onClose();
  });
}

/**
 * Resolves once the server says it is ready: within 3 minutes, for a start that takes 10 to 20 s on
 * a quiet machine (tsx compiles the server, the database is migrated, the catalog seeded).
 */
export function waitUntilReady(server: ServerProcess): Promise<LogLine> {
  return waitForLog(
    server,
    (line) => typeof line.msg === 'string' && line.msg.startsWith('Kreo is ready'),
    180_000,
  );
}
