import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { loadConfigOrExit } from './env';
import { createLogger } from './lib/logger';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { seedBadges } from './db/seed';
import { createApp, createWorkerApp } from './app';
import { createServices, jobServices } from './services';
import { logVideoCleaning } from './lib/storage/ffmpeg';
import { startJobs } from './jobs';
import { stopJobs } from './lib/jobs';
import { cacheBusFor } from './lib/cache-bus';
import { observeJobsDatabase } from './lib/metrics';
import type { Config } from './lib/config';
import type { Logger } from './lib/logger';

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

/** How long an idle keep-alive connection stays open: past the 60 s idle timeout of common proxies. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Job queries wait this long for a connection of their pool before failing (requests wait less). */
const JOBS_CONNECT_TIMEOUT_MS = 60_000;

/**
 * The background jobs' own database handle (issue 48): on PostgreSQL a small pool of its own
 * (DATABASE_JOBS_POOL_SIZE), named `stackdays-jobs` in pg_stat_activity, whose queries may wait for a
 * connection as long as a run needs (jobs are paced by it, members are not). The embedded database is
 * one connection: the jobs share it. `close` closes only what was opened here.
 */
async function openJobsDatabase(
  config: Config,
  requests: Database,
  logger: Logger,
): Promise<Pick<Database, 'db' | 'close'>> {
  if (!config.databaseUrl) return { db: requests.db, close: async () => {} };
  const jobs = await openDatabase({
    driver: 'pg',
    url: config.databaseUrl,
    poolSize: config.database.jobsPoolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
    connectTimeoutMs: Math.max(config.database.connectTimeoutMs, JOBS_CONNECT_TIMEOUT_MS),
    applicationName: 'stackdays-jobs',
  });
  observeJobsDatabase(jobs.db);
  logger.debug({ poolSize: config.database.jobsPoolSize }, 'jobs pool open');
  return jobs;
}

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          driver: 'pg',
          url: config.databaseUrl,
          poolSize: config.database.poolSize,
          statementTimeoutMs: config.database.statementTimeoutMs,
          connectTimeoutMs: config.database.connectTimeoutMs,
        }
      : { driver: 'pglite', dataDir: config.dataDir },
  ).catch((error: Error) => {
    logger.fatal(error.message);
    process.exit(1);
  });
  await migrateDatabase(database);
  await seedBadges(database.db);

  const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
  // Several processes share one PostgreSQL server: they tell each other which caches to forget
  // (decision 0024). PGlite is one process per DATA_DIR (the lock above), so nobody else to tell.
  const cacheBus = cacheBusFor(config.databaseUrl, database.db, logger);
  await cacheBus.ready;
  const services = createServices({ config, db: database.db, logger, cacheBus });
  if (config.databaseUrl && !config.authSecret) {
    // A secret generated into this machine's DATA_DIR is this process's alone: another process would
    // reject its session cookies and could not open the mail it queued (decision 0024).
    logger.warn('AUTH_SECRET is not set: give every process on this database the same AUTH_SECRET');
  }
  warnIfDataDirShared(config.dataDir, logger);
  await logVideoCleaning(config.ffmpegPath, logger);
  const app =
    config.role === 'worker' ? createWorkerApp(services) : createApp({ ...services, clientDir });
  // Mail retries, reminders, billing expiry, pruning (src/server/jobs.ts); safe with several
  // processes. A web process runs none: a worker (or an `all` process) on the same database does.
  const jobsDatabase =
    config.role === 'web' ? null : await openJobsDatabase(config, database, logger);
  const jobDeps = jobsDatabase ? jobServices(services, jobsDatabase.db) : null;
  const jobs = jobDeps ? startJobs(jobDeps) : [];
  if (config.role === 'web')
    logger.info('STACKDAYS_ROLE=web: no background jobs here; run a worker on this database');
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, database: database.driver, url: config.publicUrl, role: config.role },
      `StackDays is listening on ${config.publicUrl}`,
    );
  });

  // Browsers, proxies and load balancers keep an idle connection open for up to about a minute and
  // send the next request on it: when the server closes it first (Node's default is after 5 s idle),
  // a request sent at that moment fails with ECONNRESET (a 502 behind a proxy). So the server keeps
  // idle connections longer than those clients do.
  const listener = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
  listener.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  listener.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

  let stopping = false;
  /**
   * Graceful stop (decision 0077): stop accepting connections and let in-flight requests finish,
   * stop the jobs (waiting for a run in progress), deliver the mail handed over, stop listening for
   * cache invalidations, close the pool. SHUTDOWN_TIMEOUT_MS after the signal the process exits
   * anyway: whatever was not finished is safe in the database (queued mail is retried, a request
   * that never got its answer committed all or nothing).
   */
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    setTimeout(() => {
      logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out: exiting now');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // close() stops accepting; a keep-alive connection is closed as soon as its request is answered.
    const http = server as unknown as { closeIdleConnections?: () => void };
    const idleSweep = setInterval(() => http.closeIdleConnections?.(), 100);
    const requestsDone = new Promise<void>((resolve) =>
      server.close(() => {
        clearInterval(idleSweep);
        resolve();
      }),
    );
    http.closeIdleConnections?.();
    Promise.all([requestsDone, stopJobs(jobs)])
      .then(() => Promise.all([services.mailer.idle(), jobDeps?.mailer.idle()]))
      .then(() => cacheBus.close())
      .then(() => Promise.all([jobsDatabase?.close(), database.close()]))
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
