import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { loadConfigOrExit } from './env';
import { createLogger } from './lib/logger';
import { migrateDatabase, openDatabase } from './db/client';
import { seedBadges } from './db/seed';
import { createApp } from './app';
import { createServices } from './services';
import { startBillingExpiryJob } from './modules/subscription/expiry';
import { systemContext } from './lib/context';
import { startScheduler } from './modules/notifications/scheduler';

/** DATA_DIR is created 0700; one made earlier, or by hand, may still be open to other users. */
function warnIfDataDirShared(dataDir: string, logger: ReturnType<typeof createLogger>) {
  if (process.platform === 'win32') return;
  try {
    const mode = statSync(dataDir).mode & 0o777;
    if (mode & 0o077)
      logger.warn(
        { dataDir, mode: mode.toString(8) },
        `DATA_DIR is readable by other users: run chmod 700 ${dataDir}`,
      );
  } catch {
    // not created yet: it will be, owner-only
  }
}

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  ).catch((error: Error) => {
    logger.fatal(error.message);
    process.exit(1);
  });
  await migrateDatabase(database);
  await seedBadges(database.db);

  const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
  const services = createServices({ config, db: database.db, logger });
  warnIfDataDirShared(config.dataDir, logger);
  const app = createApp({ ...services, clientDir });
  // Reminders, the trial notice and mail retries (decision 0020); safe with several processes.
  const scheduler = startScheduler(systemContext(services, 'reminders'));
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, database: database.driver, url: config.publicUrl },
      `StackDays is listening on ${config.publicUrl}`,
    );
  });
  // Trials, free months and month comps end on time (decision 0018); safe with several processes.
  const stopBillingExpiry = startBillingExpiryJob(services);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stopBillingExpiry();
    server.close(() => {
      scheduler
        .stop()
        .then(() => services.mailer.idle())
        .then(() => database.close())
        .catch((error) => logger.error({ err: error }, 'error closing the database'))
        .finally(() => process.exit(0));
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
