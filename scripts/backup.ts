/**
 * npm run backup -- [--output <file or folder>] [--data-dir <dir>] [--database-url <url>] [--force]
 * One owner-only .tar.gz with the database and DATA_DIR's files (server/services/backup/): while the
 * server runs (the embedded database is then copied by the server itself) or while it is stopped.
 */
import { parseArgs } from 'node:util';
import { createBackup } from '../server/services/backup/create-backup';
import { filesOf, formatBytes, locationOf, runCommand } from '../server/services/backup/command-line';
import { describeDatabase } from '../server/services/backup/postgres-tools';

runCommand(async () => {
  const { values } = parseArgs({
    options: {
      output: { type: 'string', short: 'o', default: 'backups/' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const location = locationOf(values);
  const result = await createBackup({ ...location, output: values.output, force: values.force });
  const { manifest } = result;
  const database = location.databaseUrl
    ? `PostgreSQL ${describeDatabase(location.databaseUrl)} (pg_dump ${manifest.database.pgDumpVersion}`
    : `the embedded database (${manifest.database.taken === 'running-server' ? 'copied by the running server' : 'server stopped'}`;
  console.log(
    `Backed up ${database}; schema ${manifest.schemaVersion}) and ${filesOf(result.dataFiles)} of ${location.dataDir} to ${result.file} (${formatBytes(result.bytes)}, owner-only).`,
  );
  const hasKey = manifest.files.some((file) => file.path === 'data-dir/jwt-secret');
  if (!hasKey && !manifest.fromEnvironment.includes('JWT_SECRET'))
    console.log(
      `Warning: no jwt-secret in ${location.dataDir} and no JWT_SECRET here: run the backup with the server's DATA_DIR and environment, or every founder is logged out after a restore.`,
    );
  else if (manifest.fromEnvironment.length > 0)
    console.log(
      `Not in the backup (the server reads them from its environment): ${manifest.fromEnvironment.join(', ')}. Keep these with the backups.`,
    );
});
