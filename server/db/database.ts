/**
 * Opens the database: PGlite (embedded PostgreSQL, files in DATA_DIR/pglite) when DATABASE_URL is
 * unset, PostgreSQL through node-postgres when it is set. The same migrations run on both.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { pgliteSnapshot } from '../services/backup/pglite-snapshot';
import type { DatabaseSnapshot } from '../services/backup/snapshot-socket';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite: a consistent copy of its folder, for `npm run backup` (services/backup/snapshot-socket.ts). */
  snapshot?: () => Promise<DatabaseSnapshot>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export class DatabaseUnavailableError extends Error {}

/**
 * `location`: a PostgreSQL URL, a folder for PGlite, 'memory' for a throw-away PGlite (tests), or a
 * throw-away PGlite started from `image`, a dump of a data folder (PGlite's dumpDataDir): the tests
 * start each database from one migrated at the start of the run, which skips initdb and most migrating.
 */
export async function openDatabase(
  location: { url: string } | { dir: string } | { image: Blob } | 'memory',
): Promise<DatabaseHandle> {
  if (location !== 'memory' && 'url' in location) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // A request waits up to 15 s for one of the ten connections rather than fail: 50 payments at once on
    // a busy two-core machine waited more than 5 s for one, and two were answered 500 (invoices.test.ts).
    const pool = new pg.Pool({ connectionString: location.url, max: 10, connectionTimeoutMillis: 15_000 });
    // A pool error (e.g. the server restarting) must not crash the process; queries report it.
    pool.on('error', () => undefined);
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      const where = new URL(location.url);
      throw new DatabaseUnavailableError(
        `Cannot connect to PostgreSQL at ${where.hostname}:${where.port || 5432}${where.pathname}: ${(error as Error).message}`,
      );
    }
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (location === 'memory') {
    client = new PGlite();
  } else if ('image' in location) {
    client = new PGlite({ loadDataDir: location.image });
  } else {
    const dir = path.join(location.dir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close(), snapshot: () => pgliteSnapshot(client) };
}

/**
 * The migrations the journal lists (migrations/meta/_journal.json): drizzle's migrator records each
 * applied one in drizzle.__drizzle_migrations with `when` as its created_at.
 */
export function migrationJournal(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** True when the database answers. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** A transaction of `Database`: services that join their caller's transaction take `Database | Transaction`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
