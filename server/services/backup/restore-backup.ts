/**
 * `npm run restore`: a backup (create-backup.ts) into a new or empty DATA_DIR, and for PostgreSQL
 * into an empty database. The whole file is unpacked and checked against its manifest first, in a
 * temporary folder: a damaged or truncated file changes nothing. Then the database is restored and
 * opened once the way the server opens it, which runs the migrations a newer Kreo brings.
 */
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { secureDataDir } from '../data-dir';
import {
  BackupError,
  DATA_DIR_ENTRY,
  isKnownSchema,
  knownMigrations,
  MANIFEST_ENTRY,
  parseManifest,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  type BackupManifest,
} from './manifest';
import {
  connectionOf,
  describeDatabase,
  majorOf,
  runTool,
  tableCount,
  toolVersion,
  withClient,
} from './postgres-tools';
import { probe, snapshotSocketPath } from './snapshot-socket';
import { extractArchive } from './tar-archive';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** PostgreSQL: the (empty) database to restore into. */
  databaseUrl: string | null;
  /** Into a non-empty DATA_DIR (moved aside first) or a database that has tables (replaced). */
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The migration the database is at after opening (the backup's, or newer). */
  schemaVersion: string;
  accounts: number;
  dataFiles: number;
  /** --force: where the former content of DATA_DIR went. */
  movedAside: string | null;
}

async function entriesOf(folder: string): Promise<string[]> {
  return readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new BackupError(`${folder} is a file, not a folder`);
    throw error;
  });
}

/** Unpacks and checks the whole backup; answers its manifest. */
async function unpack(file: string, into: string): Promise<BackupManifest> {
  const extracted = await extractArchive(file, into);
  if (extracted[0]?.name !== MANIFEST_ENTRY)
    throw new BackupError('This is not a Kreo backup: it does not start with manifest.json');
  const manifest = parseManifest(await readFile(path.join(into, MANIFEST_ENTRY), 'utf8'));
  const found = new Map(extracted.slice(1).map((entry) => [entry.name, entry]));
  for (const expected of manifest.files) {
    const entry = found.get(expected.path);
    if (!entry || entry.bytes !== expected.bytes || entry.sha256 !== expected.sha256)
      throw new BackupError(
        `The backup file is damaged (${expected.path} ${entry ? 'does not match its checksum' : 'is missing'}): nothing was restored`,
      );
    found.delete(expected.path);
  }
  if (found.size > 0)
    throw new BackupError(`The backup file holds files its manifest does not list (${[...found.keys()][0]})`);
  const database = manifest.kind === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
  if (!manifest.files.some((entry) => entry.path === database))
    throw new BackupError(`The backup file is damaged (no ${database}): nothing was restored`);
  if (!isKnownSchema(manifest.schemaVersion))
    throw new BackupError(
      `This backup comes from a newer Kreo (schema ${manifest.schemaVersion}; this one knows up to ${knownMigrations.at(-1)?.tag}): restore it with Kreo ${manifest.kreoVersion} or newer`,
    );
  return manifest;
}

/** Checks, before anything changes, that the target folder may receive the backup. */
async function checkDataDir(dataDir: string, force: boolean): Promise<boolean> {
  if ((await probe(snapshotSocketPath(dataDir))) === 'answering')
    throw new BackupError(`A Kreo server runs on ${dataDir}: stop it before restoring into its DATA_DIR`);
  const present = await entriesOf(dataDir);
  if (present.length > 0 && !force)
    throw new BackupError(
      `${dataDir} is not empty: restore into a new or empty folder (--data-dir), or add --force to move its content aside first`,
    );
  return present.length > 0;
}

/** The PostgreSQL checks: an empty database (unless --force) and a pg_restore that reads the dump. */
async function checkPostgres(url: string, manifest: BackupManifest, force: boolean) {
  const tables = await withClient(url, tableCount);
  if (tables > 0 && !force)
    throw new BackupError(
      `The database ${describeDatabase(url)} already has ${tables} tables: restore into an empty database, or add --force to replace what the backup holds`,
    );
  const dumpMajor = majorOf(manifest.database.pgDumpVersion ?? '0');
  const restoreVersion = await toolVersion(
    'pg_restore',
    String(dumpMajor || majorOf(manifest.database.postgresVersion)),
  );
  if (restoreVersion.major < dumpMajor)
    throw new BackupError(
      `pg_restore ${restoreVersion.text} cannot read a dump of pg_dump ${manifest.database.pgDumpVersion}: install pg_restore ${dumpMajor} or newer and put it first on the PATH`,
    );
  return { replacing: tables > 0 };
}

async function copyDataFiles(unpacked: string, dataDir: string): Promise<number> {
  const source = path.join(unpacked, DATA_DIR_ENTRY);
  let copied = 0;
  const walk = async (relative: string) => {
    for (const child of await readdir(path.join(source, relative), { withFileTypes: true })) {
      const name = path.join(relative, child.name);
      if (child.isDirectory()) {
        await mkdir(path.join(dataDir, name), { recursive: true, mode: 0o700 });
        await walk(name);
      } else {
        await copyFile(path.join(source, name), path.join(dataDir, name));
        await chmod(path.join(dataDir, name), 0o600);
        copied += 1;
      }
    }
  };
  if (await stat(source).catch(() => null)) await walk('');
  return copied;
}

async function accountsAndSchema(
  handle: DatabaseHandle,
): Promise<{ accounts: number; schemaVersion: string }> {
  const { rows } = (await handle.db.execute(sql`select count(*)::int as count from users`)) as unknown as {
    rows: { count: number }[];
  };
  return { accounts: Number(rows[0]?.count ?? 0), schemaVersion: knownMigrations.at(-1)?.tag ?? 'none' };
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const force = options.force ?? false;
  if (!(await stat(options.file).catch(() => null))?.isFile())
    throw new BackupError(`No backup file at ${options.file}`);
  const notEmpty = await checkDataDir(dataDir, force);

  const unpacked = await mkdtemp(path.join(tmpdir(), 'kreo-restore-'));
  let movedAside: string | null = null;
  let createdDataDir = false;
  try {
    const manifest = await unpack(options.file, unpacked);
    if (manifest.kind === 'postgres' && !options.databaseUrl)
      throw new BackupError(
        'This backup holds a PostgreSQL database: name the empty database to restore it into with --database-url',
      );
    if (manifest.kind === 'pglite' && options.databaseUrl)
      throw new BackupError(
        'This backup holds the embedded database (PGlite): restore it without --database-url (or DATABASE_URL)',
      );
    const postgres = options.databaseUrl ? await checkPostgres(options.databaseUrl, manifest, force) : null;

    if (notEmpty) {
      const aside = `${dataDir}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[-:.]/g, '')}`;
      await rename(dataDir, aside).catch((error: Error) => {
        throw new BackupError(
          `Cannot move ${dataDir} aside (${error.message}): empty it yourself, then restore`,
        );
      });
      movedAside = aside;
    }
    createdDataDir = !(await stat(dataDir).catch(() => null));
    await secureDataDir(dataDir);

    let handle: DatabaseHandle;
    if (options.databaseUrl && postgres) {
      const connection = connectionOf(options.databaseUrl);
      const dump = path.join(unpacked, POSTGRES_ENTRY);
      // One transaction: a restore that fails leaves the database as it was.
      await runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-password',
          '--single-transaction',
          '--exit-on-error',
          ...(postgres.replacing ? ['--clean', '--if-exists'] : []),
          `--dbname=${connection.url}`,
          dump,
        ],
        connection.env,
      );
      handle = await openDatabase({ url: options.databaseUrl });
    } else {
      const tar = await readFile(path.join(unpacked, PGLITE_ENTRY));
      const loader = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([tar]) });
      try {
        await loader.waitReady;
      } catch (error) {
        throw new BackupError(
          `The embedded database could not open the backup (made with PostgreSQL ${manifest.database.postgresVersion}): ${(error as Error).message}`,
        );
      } finally {
        await loader.close().catch(() => undefined);
      }
      handle = await openDatabase({ dir: dataDir });
    }
    let counted;
    try {
      counted = await accountsAndSchema(handle);
    } finally {
      await handle.close();
    }
    const dataFiles = await copyDataFiles(unpacked, dataDir);
    // PGlite writes its files world-readable: narrowed as the server does at start.
    await secureDataDir(dataDir);
    return { manifest, ...counted, dataFiles, movedAside };
  } catch (error) {
    // Back to how it was: what this restore created goes, what it moved aside comes back. Until the
    // move, the folder was empty or absent (checkDataDir), or is the untouched one of --force.
    if (createdDataDir || movedAside) await rm(dataDir, { recursive: true, force: true });
    else if (!notEmpty)
      for (const entry of await entriesOf(dataDir))
        await rm(path.join(dataDir, entry), { recursive: true, force: true });
    if (movedAside) await rename(movedAside, dataDir);
    throw error;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
