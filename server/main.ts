/**
 * The server's entry: configuration, database (migrated), catalog (seeded), then listen; on SIGTERM
 * or SIGINT, a graceful shutdown (services/shutdown.ts). Bad configuration or an unreachable
 * database prints one clear line and exits.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { CatalogError, loadCatalog, seedCatalog } from './services/catalog';
import { WizardDefinitionError } from './services/company-files';
import { createMailer } from './services/mail/mailer';
import { loadSigningSecret } from './services/secrets';
import { keepDataDirPrivate, secureDataDir } from './services/data-dir';
import { loggerOptions } from './services/logging';
import { createShutdown, trackRequests } from './services/shutdown';
import { DataDirInUseError, refuseSecondServer, serveSnapshots } from './services/backup/snapshot-socket';

async function main() {
  const config = loadConfig();
  // Owner-only before anything is written there: the database, the outbox and the signing key.
  await secureDataDir(config.dataDir);
  if (!config.databaseUrl) await refuseSecondServer(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dir: config.dataDir },
  );
  await seedCatalog(database.db, await loadCatalog());
  const privateData = keepDataDirPrivate(config.dataDir);
  await privateData.now();
  const signingKey = await loadSigningSecret(config.jwtSecret, config.dataDir);
  const logger = loggerOptions(config.logLevel, config.logFormat);
  const mailerLog = {
    // Through the app's logger (built just below, before any mail can be sent).
    info: (object: object, message: string) => app.log.info(object, message),
  };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger: mailerLog,
  });
  // One document thread started with the server: the first preview does not wait for it.
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    signingKey,
    logger,
    workers: { warm: true },
  });
  // npm run backup asks this server for a consistent copy of its embedded database.
  const backups = database.snapshot
    ? await serveSnapshots({ dataDir: config.dataDir, take: database.snapshot, log: app.log })
    : null;
  if (config.localPaymentsInProduction) {
    app.log.warn(
      'PAYMENT_PROVIDER=local in production: the test checkout grants every package without taking any money',
    );
  }

  const requests = trackRequests(app.server);
  // Fastify answers 503 to requests that come once it is closing, then closes the listening socket.
  app.addHook('preClose', async () => {
    app.log.info(
      { inFlight: requests.inFlight().length },
      'Shutdown: no new connections; answering the requests in flight',
    );
  });
  // Registered after app.ts's own: runs first among them, once every connection is closed.
  app.addHook('onClose', async () => {
    app.log.info('Shutdown: every request answered');
  });
  const shutdown = createShutdown({
    log: app.log,
    timeoutMs: config.shutdownTimeoutMs ?? 25_000,
    steps: [
      {
        // app.ts's hooks stop the mail worker (the message being sent goes out) and the document threads.
        done: 'server closed',
        run: async () => {
          requests.closeAfterAnswers();
          await app.close();
        },
      },
      {
        done: 'database closed',
        run: async () => {
          // No snapshot (npm run backup) is taken of a database about to close.
          await backups?.close();
          mailer.close();
          await database.close();
          await privateData.stop();
        },
      },
    ],
    stillRunning: () => ({
      requests: requests.inFlight(),
      connections: requests.connections(),
      mailBeingSent: app.mailQueue.holding(),
      documentTasks: app.workerPool.pending,
    }),
    atDeadline: async () => {
      await app.mailQueue.releaseLeases();
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

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
    error instanceof DataDirInUseError ||
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
