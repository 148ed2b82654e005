/**
 * Once per run of the server tests (Vitest's globalSetup): one database migrated from the migrations
 * as they are at the start of the run, which every test file's database then starts from
 * (openTestDatabase in harness.ts). A new PGlite costs seconds of CPU (initdb, then every migration);
 * one loaded from a migrated image, or a PostgreSQL database copied from a migrated template, a
 * fraction of that.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';

/** What each test database starts from. */
export type MigratedTemplate =
  /** A dump of a migrated PGlite's data folder (dumpDataDir, uncompressed tar). */
  | { kind: 'pglite'; imageFile: string }
  /** A migrated database on DATABASE_URL's server, for `CREATE DATABASE … TEMPLATE`. */
  | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate;
  }
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = `kreo_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    // openDatabase migrates; its pool is closed at once, since a template must have no connection
    // while a database is copied from it.
    await (await openDatabase({ url: url.toString() })).close();
    project.provide('migratedTemplate', { kind: 'postgres', database });
    return async () => {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    };
  }

  const folder = await mkdtemp(path.join(tmpdir(), 'kreo-test-template-'));
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  const handle = await openDatabase('memory');
  try {
    const snapshot = await handle.snapshot?.();
    if (!snapshot) throw new Error('PGlite gave no snapshot of the migrated template');
    const imageFile = path.join(folder, 'migrated.tar');
    await writeFile(imageFile, snapshot.tar);
    project.provide('migratedTemplate', { kind: 'pglite', imageFile });
  } catch (error) {
    await removeFolder();
    throw error;
  } finally {
    await handle.close();
  }
  return removeFolder;
}
