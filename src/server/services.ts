import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './env';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import { createAuth } from './lib/auth';
import { createMailer } from './lib/mail';
import { createStorage } from './lib/storage';
import type { AppCaches, AppDeps } from './lib/deps';
import { createTtlCache } from './lib/ttl-cache';
import { FEED_CACHE_MS, FEED_CACHE_PAGES } from './lib/feed-cache';
import { BOARD_TTL_MS } from './lib/board-cache';
import { localCacheBus, type CacheBus } from './lib/cache-bus';

/** AUTH_SECRET, or one generated once into DATA_DIR so sessions survive restarts. */
export function resolveAuthSecret(config: Config, logger: Logger): string {
  if (config.authSecret) return config.authSecret;
  const file = path.resolve(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  logger.info({ file }, 'generated an auth secret (set AUTH_SECRET to manage it yourself)');
  return secret;
}

/** Everything routes need, built once at start from the parsed config. */
export function createServices(input: {
  config: Config;
  db: Db;
  logger: Logger;
  secret?: string;
  /** Cross-process cache invalidation (index.ts starts one on PostgreSQL); one process by default. */
  cacheBus?: CacheBus;
}): Omit<AppDeps, 'clientDir'> {
  const { config, db, logger } = input;
  const secret = input.secret ?? resolveAuthSecret(config, logger);
  const mailer = createMailer({ config, db, logger, secret });
  const auth = createAuth({ config, db, mailer, logger, secret });
  const storage = createStorage({ ...config.storage, dataDir: config.dataDir });
  const cacheBus = input.cacheBus ?? localCacheBus();
  const caches = createCaches(config, cacheBus, logger);
  return { config, db, logger, auth, secret, mailer, storage, cacheBus, caches };
}

/**
 * What the background jobs run with (issue 48): the process's services, but their reads, writes and
 * queued mail on the jobs' own database handle (a pool of DATABASE_JOBS_POOL_SIZE on PostgreSQL), so a
 * burst of reminders never takes the connections members' requests wait for. Caches and the cache bus
 * stay the process's own: what a job changes is forgotten where members read it.
 */
export function jobServices(
  services: Omit<AppDeps, 'clientDir'>,
  db: Db,
): Omit<AppDeps, 'clientDir'> {
  if (db === services.db) return services;
  const { config, logger, secret } = services;
  return { ...services, db, mailer: createMailer({ config, db, logger, secret }) };
}

/** Enough for every member active within a few seconds on one process. */
const MAX_SESSIONS = 20_000;

/** The process's caches (decisions 0024, 0030): each listens on the bus for its topic. */
export function createCaches(
  config: Pick<Config, 'sessionCacheMs'>,
  bus: CacheBus,
  logger: Logger,
): AppCaches {
  return {
    feed: createTtlCache({
      topic: 'feed',
      ttlMs: FEED_CACHE_MS,
      max: FEED_CACHE_PAGES,
      bus,
      logger,
    }),
    board: createTtlCache({ topic: 'board', ttlMs: BOARD_TTL_MS, max: 1, bus, logger }),
    session: createTtlCache({
      topic: 'session',
      ttlMs: config.sessionCacheMs,
      max: MAX_SESSIONS,
      bus,
      logger,
    }),
  };
}
