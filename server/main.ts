/**
 * The server's entry: configuration, database (migrated), catalog (seeded), then listen.
 * Bad configuration or an unreachable database prints one clear line and exits.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { CatalogError, loadCatalog, seedCatalog } from './services/catalog';
import { WizardDefinitionError } from './services/company-files';
import { createMailer } from './services/mail/mailer';
import { loadSigningSecret } from './services/secrets';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dir: config.dataDir },
  );
  await seedCatalog(database.db, await loadCatalog());
  const signingKey = await loadSigningSecret(config.jwtSecret, config.dataDir);
  const logger = { level: config.logLevel };
  const mailerLog = {
    info: (object: object, message: string) => console.log(`${message} ${JSON.stringify(object)}`),
  };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger: mailerLog,
  });
  const app = await buildApp({ config, db: database.db, mailer, signingKey, logger });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const store =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const mail = config.smtpUrl ? 'SMTP' : `outbox ${mailer.outboxDir}`;
  app.log.info(
    `Kreo is ready on ${config.publicUrl} (database: ${store}; mail: ${mail}; payments: ${config.payments.provider})`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof CatalogError ||
    error instanceof WizardDefinitionError
  ) {
    console.error(error.message);
  } else if ((error as { code?: string }).code === 'EADDRINUSE') {
    console.error(`Port already in use: ${(error as Error).message}. Set PORT to a free port.`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
