/**
 * pg_dump and pg_restore, PostgreSQL's own tools, for a PostgreSQL database (DATABASE_URL): a dump in
 * the custom format is consistent by itself (one snapshot) while the servers run. The password
 * travels in PGPASSWORD, never on a command line that `ps` shows to every user.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './manifest';

export interface ToolVersion {
  text: string;
  major: number;
}

/** The URL without its password, and the environment that gives the password to libpq. */
export function connectionOf(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Where a URL points, for messages (never its user or password). */
export function describeDatabase(url: string): string {
  const where = new URL(url);
  return `${where.hostname}:${where.port || 5432}${where.pathname}`;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → 15.18; a clear line when it is missing. */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore', wanted: string): Promise<ToolVersion> {
  let result: Run;
  try {
    result = await run(tool, ['--version']);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(
        `${tool} is not installed: install PostgreSQL's client tools, version ${wanted} or newer (Debian: apt-get install postgresql-client)`,
      );
    throw error;
  }
  const text = /\(PostgreSQL\)\s+(\d+(?:\.\d+)*)/.exec(result.stdout)?.[1];
  if (result.code !== 0 || !text)
    throw new BackupError(`${tool} --version answered: ${result.stdout.trim()}`);
  return { text, major: Number(text.split('.')[0]) };
}

export const majorOf = (version: string) => Number(version.split('.')[0]);

/** Runs `tool`; on failure, its last line of errors. */
export async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const result = await run(tool, args, env);
  if (result.code === 0) return;
  const lines = result.stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const reason = lines.find((line) => /error/i.test(line)) ?? lines.at(-1) ?? `exit code ${result.code}`;
  throw new BackupError(`${tool} failed: ${reason.replace(/^(pg_dump|pg_restore): (error: )?/, '')}`);
}

/** A short-lived connection for the checks around pg_dump and pg_restore. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // An error after connecting (the server going away) is reported by the query that meets it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new BackupError(
      `Cannot connect to PostgreSQL at ${describeDatabase(url)}: ${(error as Error).message}`,
    );
  }
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The tables a database holds outside PostgreSQL's own schemas. */
export async function tableCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    "select count(*)::text as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
  );
  return Number(rows[0]?.count ?? 0);
}
