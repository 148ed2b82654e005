/**
 * A backup of the embedded database while the server runs. PGlite keeps pages in memory and does not
 * lock its folder: a second process that opens it, or a file copy taken while it writes, can give a
 * broken database. So the running server copies its own folder (PGlite's `dumpDataDir`, which waits
 * for the query in flight and blocks the next ones until the copy is made: a crash-consistent image
 * that PostgreSQL recovers on opening) and hands it to `npm run backup` through a Unix socket in
 * DATA_DIR. The socket is owner-only, as DATA_DIR is (0700): only the server's own user (and root)
 * can connect; nothing of it is reachable over the network.
 *
 * Protocol: the client sends one line, "snapshot"; the server answers one JSON line
 * ({ ok, bytes, schemaVersion, postgresVersion } or { ok: false, error }) then `bytes` bytes of tar.
 */
import { chmod, lstat, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { BackupError } from './manifest';

export const SNAPSHOT_SOCKET = 'backup.sock';
/** Linux's limit on a socket path (sun_path, 108 bytes with its final NUL). */
const SOCKET_PATH_LIMIT = 107;

export interface DatabaseSnapshot {
  /** The data folder as a tar (PGlite's dumpDataDir). */
  tar: Uint8Array;
  schemaVersion: string;
  postgresVersion: string;
}

export interface SnapshotHeader {
  ok: boolean;
  bytes?: number;
  schemaVersion?: string;
  postgresVersion?: string;
  error?: string;
}

export const snapshotSocketPath = (dataDir: string) => path.join(dataDir, SNAPSHOT_SOCKET);

interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(object: object, message: string): void;
}

/**
 * Listens on DATA_DIR/backup.sock and answers each "snapshot" with `take()`. A socket file left by a
 * server that crashed is replaced; a path too long for a socket only costs the backup of a running
 * server (a warning says so). Answers `close()`.
 */
export async function serveSnapshots(options: {
  dataDir: string;
  take: () => Promise<DatabaseSnapshot>;
  log: Log;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = snapshotSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_LIMIT) {
    options.log.warn(
      `DATA_DIR is too long a path for the backup socket (${socketPath}): npm run backup works only while the server is stopped`,
    );
    return { close: async () => undefined };
  }
  await refuseSecondServer(options.dataDir);
  await rm(socketPath, { force: true });

  let busy: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    let request = '';
    socket.on('data', (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 64) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      if (request.trim() !== 'snapshot') {
        socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
        return;
      }
      // One copy at a time: each holds the whole folder in memory.
      busy = busy.then(() => answer(socket, options));
    });
  });
  server.listen(socketPath);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

async function answer(socket: Socket, options: { take: () => Promise<DatabaseSnapshot>; log: Log }) {
  const started = Date.now();
  try {
    const snapshot = await options.take();
    const header: SnapshotHeader = {
      ok: true,
      bytes: snapshot.tar.length,
      schemaVersion: snapshot.schemaVersion,
      postgresVersion: snapshot.postgresVersion,
    };
    socket.write(`${JSON.stringify(header)}\n`);
    await new Promise<void>((resolve) => socket.end(snapshot.tar, resolve));
    options.log.info(
      `Database copied for a backup (${Math.round(snapshot.tar.length / 1024)} KiB in ${Date.now() - started} ms)`,
    );
  } catch (error) {
    options.log.error({ err: error }, 'The database could not be copied for a backup');
    socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
  }
}

export class DataDirInUseError extends Error {}

/** Two processes on one embedded database break it: a server refuses to start beside another. */
export async function refuseSecondServer(dataDir: string): Promise<void> {
  const socketPath = snapshotSocketPath(dataDir);
  if ((await probe(socketPath)) === 'answering')
    throw new DataDirInUseError(
      `Another Kreo server runs on ${dataDir} (${SNAPSHOT_SOCKET} answers): the embedded database takes one process; stop it first`,
    );
}

/**
 * Whether a server answers on the socket: "answering", "stale" (a socket file nobody listens on, left
 * by a server that stopped without closing it) or "absent".
 */
export async function probe(socketPath: string): Promise<'answering' | 'stale' | 'absent'> {
  const stats = await lstat(socketPath).catch(() => null);
  if (!stats) return 'absent';
  if (!stats.isSocket()) return 'stale';
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve('answering');
    });
    socket.once('error', () => resolve('stale'));
  });
}

/** Asks the server that runs on `dataDir` for a copy of its database. */
export async function requestSnapshot(dataDir: string, timeoutMs = 300_000): Promise<DatabaseSnapshot> {
  const socketPath = snapshotSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    const chunks: Buffer[] = [];
    let received = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new BackupError(`The server on ${dataDir} did not send its database within ${timeoutMs / 1000} s`),
      );
    }, timeoutMs);
    socket.on('connect', () => socket.write('snapshot\n'));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(new BackupError(`The server on ${dataDir} could not be asked for a copy: ${error.message}`));
    });
    socket.on('end', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks, received);
      const newline = all.indexOf(0x0a);
      let header: SnapshotHeader | null = null;
      try {
        header = newline === -1 ? null : (JSON.parse(all.toString('utf8', 0, newline)) as SnapshotHeader);
      } catch {
        header = null;
      }
      if (!header)
        return reject(new BackupError(`The server on ${dataDir} answered something else than a copy`));
      if (!header.ok)
        return reject(
          new BackupError(`The server could not copy its database: ${header.error ?? 'no reason given'}`),
        );
      const tar = all.subarray(newline + 1);
      if (tar.length !== header.bytes)
        return reject(
          new BackupError(
            `The server's copy was cut short (${tar.length} of ${header.bytes} bytes): try again`,
          ),
        );
      resolve({
        tar,
        schemaVersion: header.schemaVersion ?? 'unknown',
        postgresVersion: header.postgresVersion ?? 'unknown',
      });
    });
  });
}
