/**
 * npm run restore -- <backup.tar.gz> [--data-dir <new dir>] [--database-url <empty database>] [--force]
 * Into a new or empty DATA_DIR (and, for a PostgreSQL backup, an empty database); the server then
 * starts on them as usual (server/services/backup/restore-backup.ts).
 */
import { parseArgs } from 'node:util';
import { BackupError } from '../server/services/backup/manifest';
import { filesOf, locationOf, runCommand } from '../server/services/backup/command-line';
import { describeDatabase } from '../server/services/backup/postgres-tools';
import { restoreBackup } from '../server/services/backup/restore-backup';

runCommand(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0)
    throw new BackupError(
      'Usage: npm run restore -- <backup.tar.gz> [--data-dir <new dir>] [--database-url <empty database>] [--force]',
    );
  const location = locationOf(values);
  const result = await restoreBackup({ file, ...location, force: values.force });
  const into = location.databaseUrl
    ? `PostgreSQL ${describeDatabase(location.databaseUrl)}`
    : 'the embedded database';
  console.log(
    `Restored the backup of ${result.manifest.createdAt} into ${into} (schema ${result.schemaVersion}, ${result.accounts} accounts) and ${filesOf(result.dataFiles)} into ${location.dataDir}.`,
  );
  const notes = [];
  if (result.movedAside) notes.push(`The former content of ${location.dataDir} is in ${result.movedAside}.`);
  if (result.manifest.fromEnvironment.length > 0)
    notes.push(
      `Not in the backup: set ${result.manifest.fromEnvironment.join(', ')} as on the server that made it.`,
    );
  if (notes.length > 0) console.log(notes.join(' '));
});
