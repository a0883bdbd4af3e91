import type { SessionUser } from '@shared/api-types';
import type { Config } from '../env';
import type { Db } from '../db/client';
import type { Logger } from './logger';
import type { Auth } from './auth';
import type { Mailer } from './mail';
import type { MediaStorage } from './storage';
import type { CacheBus } from './cache-bus';

/** What the process builds once at start (services.ts) and every request, job and script shares. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  auth: Auth;
  /** The app's own secret (AUTH_SECRET or the generated one): it signs links and seals what we store. */
  secret: string;
  mailer: Mailer;
  storage: MediaStorage;
  /** Tells the other processes which caches to forget (decision 0024); a no-op on PGlite. */
  cacheBus: CacheBus;
  /** Directory of the built front end; omitted in API-only tests. */
  clientDir?: string;
}

/** Hono's per-request variables. Only routes and middleware see these; services get a ServiceContext. */
export type AppEnv = {
  Variables: {
    requestId: string;
    deps: AppDeps;
    /** The signed-in member, read once per request (undefined: not read yet). */
    user: SessionUser | null | undefined;
  };
};
