import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './env';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import { createAuth } from './lib/auth';
import { createMailer } from './lib/mail';
import { createStorage } from './lib/storage';
import type { AppDeps } from './lib/deps';
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
  return { config, db, logger, auth, secret, mailer, storage, cacheBus };
}
