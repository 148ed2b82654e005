/**
 * What a backup file says about itself (manifest.json, its first entry): when and from what it was
 * made, the schema it holds (the last migration applied) and a SHA-256 of every other entry, so that
 * a restore finds a damaged or incomplete file before it changes anything.
 */
import { readFileSync } from 'node:fs';

export const BACKUP_FORMAT = 'kreo-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/** The embedded database's folder as PGlite dumps it (a tar of PGDATA). */
export const PGLITE_ENTRY = 'database/pglite-data.tar';
/** `pg_dump --format=custom` of DATABASE_URL. */
export const POSTGRES_ENTRY = 'database/postgres.dump';
/** The files of DATA_DIR other than the database, under this folder. */
export const DATA_DIR_ENTRY = 'data-dir/';

export type BackupKind = 'pglite' | 'postgres';

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  kind: BackupKind;
  /** The last migration applied (server/db/migrations), e.g. "0010_signing_voided_reason". */
  schemaVersion: string;
  kreoVersion: string;
  database: {
    /** The PostgreSQL server's version (PGlite's embedded one for kind "pglite"), e.g. "17.5". */
    postgresVersion: string;
    /** pg_dump's version (kind "postgres"): a pg_restore at least as new reads the dump. */
    pgDumpVersion?: string;
    /** How the copy was taken: through the running server's socket, or from the stopped folder. */
    taken?: 'running-server' | 'stopped-folder' | 'pg_dump';
  };
  files: ManifestFile[];
  /** Secrets the server reads from its environment, which the backup cannot hold (see the README). */
  fromEnvironment: string[];
}

export class BackupError extends Error {}

const journal = JSON.parse(
  readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { idx: number; when: number; tag: string }[] };

/** The migrations this code knows, oldest first. */
export const knownMigrations = journal.entries.map(({ idx, when, tag }) => ({ idx, when, tag }));

/** The tag of the migration drizzle recorded at `createdAt` (its journal's `when`), or a description. */
export function migrationTagAt(createdAt: number | null): string {
  if (createdAt === null) return 'none';
  return knownMigrations.find((migration) => migration.when === createdAt)?.tag ?? `unknown (${createdAt})`;
}

/** The query that reads the last migration applied (drizzle's own table; absent before the first). */
export const LAST_MIGRATION_SQL =
  'select max(created_at)::text as created_at from drizzle.__drizzle_migrations';

/** A schema version this code can migrate from: a known tag, or "none" (an empty database). */
export function isKnownSchema(tag: string): boolean {
  return tag === 'none' || knownMigrations.some((migration) => migration.tag === tag);
}

export const kreoVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Parses and checks manifest.json; one clear line when it is not a Kreo backup this code reads. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError('The backup is damaged: its manifest.json is not JSON');
  }
  const manifest = value as Partial<BackupManifest> | null;
  if (!manifest || typeof manifest !== 'object' || manifest.format !== BACKUP_FORMAT)
    throw new BackupError('This is not a Kreo backup (its manifest.json names no "kreo-backup" format)');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `This backup is in format ${String(manifest.formatVersion)}; this Kreo reads format ${BACKUP_FORMAT_VERSION}: restore it with the Kreo that made it`,
    );
  const filesValid =
    Array.isArray(manifest.files) &&
    manifest.files.every(
      (file: Partial<ManifestFile>) =>
        typeof file?.path === 'string' &&
        Number.isSafeInteger(file.bytes) &&
        typeof file.sha256 === 'string' &&
        /^[0-9a-f]{64}$/.test(file.sha256),
    );
  if (
    (manifest.kind !== 'pglite' && manifest.kind !== 'postgres') ||
    typeof manifest.schemaVersion !== 'string' ||
    typeof manifest.createdAt !== 'string' ||
    typeof manifest.database?.postgresVersion !== 'string' ||
    !filesValid
  )
    throw new BackupError('The backup is damaged: its manifest.json lacks the kind, schema or files');
  return {
    ...manifest,
    fromEnvironment: Array.isArray(manifest.fromEnvironment) ? manifest.fromEnvironment : [],
  } as BackupManifest;
}
