/**
 * `npm run backup`: one .tar.gz (owner-only) with the database and the files of DATA_DIR that
 * nothing can make again, and a manifest (see manifest.ts).
 *
 * What it holds and why: the database (accounts, company files, orders, invoices, which are rows
 * printed to PDF when asked, websites and their logos, which are rows too, the mail queue); and from
 * DATA_DIR every file but the embedded database's folder, which the database entry holds: jwt-secret
 * (the key that signs sessions, generated on first start when JWT_SECRET is unset: without it every
 * founder is logged out), seal-development.pem (the development seal that signed documents name) and
 * outbox/ (the mail written to files when SMTP_URL is unset). Secrets given in the environment
 * (JWT_SECRET, SIGNING_P12_PATH and its passphrase) are named in the manifest, not copied.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  DATA_DIR_ENTRY,
  kreoVersion,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  type BackupKind,
  type BackupManifest,
  type ManifestFile,
} from './manifest';
import { pgliteSnapshot, postgresVersionOf, schemaVersionOf } from './pglite-snapshot';
import { connectionOf, runTool, toolVersion, withClient } from './postgres-tools';
import {
  probe,
  serveSnapshots,
  SNAPSHOT_SOCKET,
  snapshotSocketPath,
  requestSnapshot,
} from './snapshot-socket';
import { writeArchive, type ArchiveEntry } from './tar-archive';

export interface BackupOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** A file name, or a folder that receives kreo-backup-<kind>-<time>.tar.gz. */
  output: string;
  /** Copy a stopped embedded database whose folder looks in use (a crashed server's). */
  force?: boolean;
  /** The environment the server runs with: which secrets it reads from there. */
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  dataFiles: number;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** DATA_DIR's files but the embedded database and the backup socket, as archive entries. */
async function dataDirEntries(dataDir: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const walk = async (folder: string, relative: string) => {
    const children = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const child of children.sort((a, b) => a.name.localeCompare(b.name))) {
      const name = relative ? `${relative}/${child.name}` : child.name;
      if (name === 'pglite' || name === SNAPSHOT_SOCKET) continue;
      const full = path.join(folder, child.name);
      if (child.isDirectory()) await walk(full, name);
      else if (child.isFile()) {
        // Read whole: these are small (keys, mails), and a file read once cannot change under the hash.
        const bytes = await readFile(full);
        entries.push({ name: `${DATA_DIR_ENTRY}${name}`, bytes, mtime: (await stat(full)).mtime });
      }
    }
  };
  await walk(dataDir, '');
  return entries;
}

/** The secrets the server would read from its environment rather than from DATA_DIR. */
function secretsFromEnvironment(env: NodeJS.ProcessEnv): string[] {
  const named = [];
  if (env.JWT_SECRET?.trim()) named.push('JWT_SECRET');
  if (env.SIGNING_P12_PATH?.trim()) named.push('SIGNING_P12_PATH', 'SIGNING_P12_PASSPHRASE');
  return named;
}

function stampOf(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

async function targetFile(output: string, dataDir: string, kind: BackupKind, now: Date): Promise<string> {
  const given = path.resolve(output);
  const inside = path.relative(dataDir, given);
  if (!inside.startsWith('..') && !path.isAbsolute(inside))
    throw new BackupError(
      `Write backups outside DATA_DIR (${dataDir}): there, each would hold the ones before, and go with the disk it should outlive`,
    );
  const stats = await stat(given).catch(() => null);
  if (stats?.isDirectory() || output.endsWith('/') || output.endsWith(path.sep)) {
    await mkdir(given, { recursive: true, mode: 0o700 });
    return path.join(given, `kreo-backup-${kind}-${stampOf(now)}.tar.gz`);
  }
  const folder = await stat(path.dirname(given)).catch(() => null);
  if (!folder?.isDirectory()) throw new BackupError(`The folder of ${given} does not exist`);
  return given;
}

interface DatabaseCopy {
  entry: ArchiveEntry;
  schemaVersion: string;
  database: BackupManifest['database'];
  sha256: string;
  bytes: number;
}

/** The embedded database: from the running server when one answers, else from its stopped folder. */
async function copyPglite(dataDir: string, force: boolean): Promise<DatabaseCopy> {
  const folder = path.join(dataDir, 'pglite');
  if (!(await stat(path.join(folder, 'PG_VERSION')).catch(() => null)))
    throw new BackupError(
      `No embedded database in ${folder}: set DATA_DIR (or --data-dir) to the server's, or DATABASE_URL for PostgreSQL`,
    );
  const socket = await probe(snapshotSocketPath(dataDir));
  let taken: 'running-server' | 'stopped-folder' = 'running-server';
  let snapshot;
  if (socket === 'answering') {
    snapshot = await requestSnapshot(dataDir);
  } else {
    // A server that stopped cleanly removed postmaster.pid; one that crashed left its socket file too.
    const pidFile = await lstat(path.join(folder, 'postmaster.pid')).catch(() => null);
    if (pidFile && socket === 'absent' && !force)
      throw new BackupError(
        `${folder} looks in use (postmaster.pid) and no server answers on ${SNAPSHOT_SOCKET}: stop the process that uses it, or if none does (it crashed), run again with --force`,
      );
    taken = 'stopped-folder';
    let client: PGlite | null = null;
    // While this copy holds the folder, a server that starts on it is refused (snapshot-socket.ts).
    const hold = await serveSnapshots({
      dataDir,
      take: () => (client ? pgliteSnapshot(client) : Promise.reject(new Error('not open yet'))),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    try {
      client = new PGlite(folder);
      await client.waitReady;
      snapshot = await pgliteSnapshot(client);
    } finally {
      await hold.close();
      await client?.close();
    }
  }
  return {
    entry: { name: PGLITE_ENTRY, bytes: snapshot.tar },
    schemaVersion: snapshot.schemaVersion,
    database: { postgresVersion: snapshot.postgresVersion, taken },
    sha256: sha256(snapshot.tar),
    bytes: snapshot.tar.length,
  };
}

/** PostgreSQL: pg_dump in the custom format into `workDir`, after checking the tools' version. */
async function copyPostgres(url: string, workDir: string): Promise<DatabaseCopy> {
  const { serverVersion, schemaVersion } = await withClient(url, async (client) => {
    const query = (statement: string) => client.query(statement);
    return { serverVersion: await postgresVersionOf(query), schemaVersion: await schemaVersionOf(query) };
  });
  const serverMajor = Number(serverVersion.split('.')[0]);
  const dumpVersion = await toolVersion('pg_dump', String(serverMajor));
  if (dumpVersion.major < serverMajor)
    throw new BackupError(
      `pg_dump ${dumpVersion.text} cannot dump PostgreSQL ${serverVersion}: install pg_dump ${serverMajor} or newer and put it first on the PATH`,
    );
  const file = path.join(workDir, 'postgres.dump');
  const connection = connectionOf(url);
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${connection.url}`],
    connection.env,
  );
  const { size } = await stat(file);
  return {
    entry: { name: POSTGRES_ENTRY, file, size },
    schemaVersion,
    database: { postgresVersion: serverVersion, pgDumpVersion: dumpVersion.text, taken: 'pg_dump' },
    sha256: await sha256OfFile(file),
    bytes: size,
  };
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const kind: BackupKind = options.databaseUrl ? 'postgres' : 'pglite';
  const file = await targetFile(options.output, path.resolve(options.dataDir), kind, now);
  const workDir = await mkdtemp(path.join(tmpdir(), `kreo-backup-${randomBytes(3).toString('hex')}-`));
  try {
    const copy = options.databaseUrl
      ? await copyPostgres(options.databaseUrl, workDir)
      : await copyPglite(options.dataDir, options.force ?? false);
    const dataFiles = await dataDirEntries(options.dataDir);
    const files: ManifestFile[] = [
      { path: copy.entry.name, bytes: copy.bytes, sha256: copy.sha256 },
      ...dataFiles.map((entry) => {
        const bytes = (entry as { bytes: Uint8Array }).bytes;
        return { path: entry.name, bytes: bytes.length, sha256: sha256(bytes) };
      }),
    ];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      kind,
      schemaVersion: copy.schemaVersion,
      kreoVersion,
      database: copy.database,
      files,
      fromEnvironment: secretsFromEnvironment(options.env ?? process.env),
    };
    await writeArchive(file, [
      { name: 'manifest.json', bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), mtime: now },
      copy.entry,
      ...dataFiles,
    ]);
    return { file, bytes: (await stat(file)).size, manifest, dataFiles: dataFiles.length };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
