/**
 * What `npm run backup` and `npm run restore` share: where the data is (DATA_DIR and DATABASE_URL, as
 * the server reads them, or the flags that override them) and how an error ends the command: one
 * line, exit code 1, a stack trace only for what nobody expected.
 */
import path from 'node:path';
import { BackupError } from './manifest';

export interface Location {
  dataDir: string;
  databaseUrl: string | null;
}

export function locationOf(
  flags: { 'data-dir'?: string | undefined; 'database-url'?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): Location {
  const databaseUrl = (flags['database-url'] ?? env.DATABASE_URL)?.trim() || null;
  if (databaseUrl) {
    let protocol = '';
    try {
      protocol = new URL(databaseUrl).protocol;
    } catch {
      // Refused below.
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:')
      throw new BackupError('The database URL must look like postgres://user:password@host:5432/database');
  }
  const dataDir = path.resolve((flags['data-dir'] ?? env.DATA_DIR)?.trim() || 'data');
  return { dataDir, databaseUrl };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export const filesOf = (count: number) => `${count} ${count === 1 ? 'file' : 'files'}`;

/** Runs a command's body; an expected error is one line on stderr and exit code 1. */
export function runCommand(body: () => Promise<void>): void {
  // A promise nobody settles would let Node end with code 0: a cron job must not take that for a backup.
  process.once('beforeExit', () => {
    console.error(
      'The command stopped before it finished (an internal error): nothing is certain, run it again',
    );
    process.exit(1);
  });
  body().then(
    () => process.exit(0),
    (error: unknown) => {
      const expected =
        error instanceof BackupError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
      console.error(expected ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
