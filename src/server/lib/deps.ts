import type { CommunityBoard, SessionUser } from '@shared/api-types';
import type { Config } from './config';
import type { Db } from '../db/client';
import type { Logger } from './logger';
import type { Auth } from './auth';
import type { Mailer } from './mail';
import type { MediaStorage } from './storage';
import type { CacheBus } from './cache-bus';
import type { TtlCache } from './ttl-cache';

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
  /** The process's caches, each cleared by the services that change what it holds. */
  caches: AppCaches;
  /** Directory of the built front end; omitted in API-only tests. */
  clientDir?: string;
}

/** What is kept for a session token: the member, and when the session expires (ms). */
export interface CachedSession {
  user: SessionUser;
  expiresAt: number;
}

/** The app's caches (lib/ttl-cache.ts), built once with the other dependencies (services.ts). */
export interface AppCaches {
  /** The public part of feed pages, by page key (decision 0024). */
  feed: TtlCache<Promise<unknown>>;
  /** The community board, one entry (decision 0024). */
  board: TtlCache<Promise<CommunityBoard>>;
  /** The member behind each valid session token (decision 0030). */
  session: TtlCache<CachedSession>;
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
