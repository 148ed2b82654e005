/**
 * A copy of the embedded database's folder, consistent (see snapshot-socket.ts): taken by the running
 * server for `npm run backup`, or by the backup itself from a stopped server's folder.
 */
import type { PGlite } from '@electric-sql/pglite';
import { LAST_MIGRATION_SQL, migrationTagAt } from './manifest';
import type { DatabaseSnapshot } from './snapshot-socket';

/** The last migration applied to a database; `query` runs one statement (PGlite or node-postgres). */
export async function schemaVersionOf(
  query: (statement: string) => Promise<{ rows: unknown[] }>,
): Promise<string> {
  const exists = await query("select to_regclass('drizzle.__drizzle_migrations')::text as name");
  if (!(exists.rows[0] as { name: string | null } | undefined)?.name) return 'none';
  const { rows } = await query(LAST_MIGRATION_SQL);
  const createdAt = (rows[0] as { created_at: string | null } | undefined)?.created_at ?? null;
  return migrationTagAt(createdAt === null ? null : Number(createdAt));
}

export async function postgresVersionOf(
  query: (statement: string) => Promise<{ rows: unknown[] }>,
): Promise<string> {
  const { rows } = await query('show server_version');
  return (
    String((rows[0] as { server_version?: string } | undefined)?.server_version ?? 'unknown').split(' ')[0] ??
    ''
  );
}

export async function pgliteSnapshot(client: PGlite): Promise<DatabaseSnapshot> {
  const query = (statement: string) => client.query(statement);
  const schemaVersion = await schemaVersionOf(query);
  const postgresVersion = await postgresVersionOf(query);
  // Uncompressed: the backup archive compresses everything once.
  const dump = await client.dumpDataDir('none');
  return { tar: new Uint8Array(await dump.arrayBuffer()), schemaVersion, postgresVersion };
}
