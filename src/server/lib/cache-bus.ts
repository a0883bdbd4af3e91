import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { closeListener, connectListener, type Listener } from './cache-listener';
import type { Logger } from './logger';

/**
 * Cross-process cache invalidation (decision 0024). The feed and leaderboard caches live in each
 * process; a write clears its own process's cache after the commit and publishes the topic, and every
 * other process on the same PostgreSQL server clears its cache when the notification arrives
 * (LISTEN/NOTIFY on one dedicated connection). If a notification is lost (the listener is down, a
 * process dies between its commit and its NOTIFY), the caches' own lifetimes are the bound.
 */
export type CacheTopic = 'feed' | 'board' | 'session';
const TOPICS = new Set<string>(['feed', 'board', 'session'] satisfies CacheTopic[]);

/** The one channel every StackDays process listens on. */
export const CACHE_CHANNEL = 'stackdays_cache';

/**
 * How long a topic stays quiet after a notification, and how long after a write its coalesced
 * notification waits (decision 0091): another process sees a write within about twice this, inside
 * decision 0024's bound of a second.
 */
export const NOTICE_COALESCE_MS = 500;

/**
 * The topics whose notices are coalesced: the feed and the board, written by every check-in, like and
 * comment. Sessions are not: a revoked admin flag or a sign-out is told at once (threat #64).
 */
const COALESCED_TOPICS = new Set<CacheTopic>(['feed', 'board']);

export interface CacheBus {
  /**
   * Tells every other process to forget `topic` (the caller clears its own cache itself). Without
   * `via` the notification goes at once, a statement of its own.
   *
   * Given `via`, a write's open transaction, the feed's and the board's notices are coalesced
   * (decision 0091; a session's goes in the transaction, always): the first write
   * of a quiet topic sends its notification as one of the transaction's statements (PostgreSQL
   * delivers it at commit and drops it on a rollback; no transaction of its own). A write within
   * NOTICE_COALESCE_MS of the last notice sends nothing now: one notification, at least
   * NOTICE_COALESCE_MS after the newest such write (so after its commit), covers them all. Under a
   * steady stream of writes each process sends about one notification per NOTICE_COALESCE_MS per
   * topic, and every listening process reads about one, however many writes there are.
   */
  publish(topic: CacheTopic, via?: DbOrTx): Promise<void>;
  /**
   * Tells every other process to forget `topic` after a write that has committed outside a
   * transaction (a check-in written in one statement, decision 0135): the feed's and the board's
   * notices are coalesced as `publish` coalesces a transaction's, the first of a quiet topic sent at
   * once, a statement of its own.
   */
  publishCommitted(topic: CacheTopic): Promise<void>;
  /**
   * `forget` runs when another process published `topic`, and when the listener is back after an
   * outage (notifications may have been missed meanwhile).
   */
  subscribe(topic: CacheTopic, forget: () => void): void;
  /** Resolves once the first attempt to listen has succeeded or failed (the server starts either way). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** One process (PGlite, tests, scripts): nobody else to tell. */
export function localCacheBus(): CacheBus {
  return {
    publish: async () => {},
    publishCommitted: async () => {},
    subscribe: () => {},
    ready: Promise.resolve(),
    close: async () => {},
  };
}

export interface PgCacheBusOptions {
  /** The server to listen on: DATABASE_URL. */
  url: string;
  /**
   * Sends one NOTIFY (through the app's pool, so publishing does not depend on the listener), or
   * through `via`, the caller's open transaction.
   */
  notify(channel: string, payload: string, via?: DbOrTx): Promise<unknown>;
  logger: Logger;
  /** First wait before reconnecting; doubles per failure up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is checked with `select 1` (a silently dead TCP connection). */
  heartbeatMs?: number;
  /** NOTICE_COALESCE_MS unless a test sets its own. */
  coalesceMs?: number;
}

/**
 * Listens on CACHE_CHANNEL over a dedicated connection (LISTEN needs a session: it cannot share the
 * pool) and reconnects with backoff when it is lost; the loss and the recovery are logged once each.
 * A payload is `<topic>:<origin>`, where origin is this process's random id: our own notifications and
 * unknown topics are ignored, so a stray NOTIFY on the channel can at most clear a cache.
 */
export function startPgCacheBus(options: PgCacheBusOptions): CacheBus {
  const { logger } = options;
  const origin = randomBytes(6).toString('hex');
  const subscribers = new Map<CacheTopic, Array<() => void>>();

  const forget = (topics: Iterable<CacheTopic>) => {
    for (const topic of topics) {
      for (const run of subscribers.get(topic) ?? []) {
        try {
          run();
        } catch (error) {
          logger.error({ err: error, topic }, 'cache invalidation failed');
        }
      }
    }
  };

  const listener: Listener = {
    url: options.url,
    channel: CACHE_CHANNEL,
    logger,
    minRetryMs: options.minRetryMs ?? 500,
    maxRetryMs: options.maxRetryMs ?? 30_000,
    heartbeatMs: options.heartbeatMs ?? 30_000,
    onNotification(message) {
      if (message.channel !== CACHE_CHANNEL || !message.payload) return;
      const [topic, from] = message.payload.split(':');
      if (from === origin || !TOPICS.has(topic)) return;
      forget([topic as CacheTopic]);
    },
    // Whatever was published while we were not listening is unknown: forget everything.
    onBack: () => forget(TOPICS as Set<CacheTopic>),
    current: null,
    closed: false,
    down: false,
    failures: 0,
  };

  const send = (topic: CacheTopic, via?: DbOrTx) =>
    options.notify(CACHE_CHANNEL, `${topic}:${origin}`, via);
  const coalesce = coalescedNotices({
    coalesceMs: options.coalesceMs ?? NOTICE_COALESCE_MS,
    send: (topic) =>
      send(topic).catch((error: unknown) => {
        logger.warn({ err: error, topic }, 'cache: could not tell the other processes');
      }),
  });

  return {
    async publish(topic, via) {
      if (!via) await send(topic);
      else if (!COALESCED_TOPICS.has(topic) || coalesce.claim(topic)) await send(topic, via);
    },
    async publishCommitted(topic) {
      if (!COALESCED_TOPICS.has(topic) || coalesce.claim(topic)) await send(topic);
    },
    subscribe(topic, run) {
      const list = subscribers.get(topic) ?? [];
      list.push(run);
      subscribers.set(topic, list);
    },
    ready: connectListener(listener),
    close: async () => {
      coalesce.stop();
      await closeListener(listener);
    },
  };
}

/**
 * The coalescing of writes' notices, per topic (see CacheBus.publish). `claim(topic)` answers true
 * when the topic is quiet: the caller sends now, in its transaction, and the topic is quiet again
 * `coalesceMs` later. Otherwise the write is owed a notice, sent at least `coalesceMs` after it (so
 * after its commit) and at most twice that: one `send(topic)` covers a burst whose writes fit in
 * `coalesceMs`, and while writes keep coming a notice goes about once per `coalesceMs`.
 */
export function coalescedNotices(options: {
  coalesceMs: number;
  send(topic: CacheTopic): Promise<unknown>;
}) {
  const { coalesceMs, send } = options;
  // `owed`: the times of the writes no notice has covered yet, oldest first.
  const topics = new Map<CacheTopic, { quietAt: number; owed: number[]; timer?: NodeJS.Timeout }>();

  const due = (topic: CacheTopic) => {
    const state = topics.get(topic)!;
    const at = Date.now();
    state.timer = undefined;
    const oldest = state.owed[0];
    const newest = state.owed[state.owed.length - 1];
    // One notice at newest + coalesceMs still reaches the oldest within twice coalesceMs: wait for it.
    if (at < newest + coalesceMs && newest - oldest <= coalesceMs) {
      schedule(topic, newest + coalesceMs - at);
      return;
    }
    // Writes owed within the last coalesceMs may not have committed yet: a later notice covers them.
    state.owed = state.owed.filter((write) => write > at - coalesceMs);
    state.quietAt = at + coalesceMs;
    if (state.owed.length > 0) schedule(topic, state.owed[0] + coalesceMs - at);
    void send(topic);
  };
  const schedule = (topic: CacheTopic, wait: number) => {
    const state = topics.get(topic)!;
    state.timer = setTimeout(() => due(topic), Math.max(0, wait));
    state.timer.unref();
  };

  return {
    claim(topic: CacheTopic): boolean {
      const at = Date.now();
      const state = topics.get(topic) ?? { quietAt: 0, owed: [] };
      topics.set(topic, state);
      if (state.owed.length === 0 && at >= state.quietAt) {
        state.quietAt = at + coalesceMs;
        return true;
      }
      state.owed.push(at);
      if (!state.timer) schedule(topic, coalesceMs);
      return false;
    },
    stop() {
      for (const state of topics.values()) clearTimeout(state.timer);
      topics.clear();
    },
  };
}

/** One NOTIFY on `db`: a statement of its own, or one of an open transaction's (delivered at commit). */
export function notifyThrough(db: DbOrTx, channel: string, payload: string): Promise<unknown> {
  return db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * The bus for a process of this app: on PostgreSQL (DATABASE_URL) it listens and notifies, sending
 * its notifications through the app's pool; on PGlite (one process per data directory) there is
 * nobody else to tell.
 */
export function cacheBusFor(databaseUrl: string | undefined, db: Db, logger: Logger): CacheBus {
  return databaseUrl
    ? startPgCacheBus({
        url: databaseUrl,
        logger,
        notify: (channel, payload, via = db) => notifyThrough(via, channel, payload),
      })
    : localCacheBus();
}
