import type { CacheBus, CacheTopic } from './cache-bus';
import type { Logger } from './logger';
import { afterCommit, beforeCommit, type ServiceContext } from './context';

/**
 * The one in-process cache the app keeps (decisions 0024, 0030): the feed's public pages, the
 * community board and the members behind session cookies. Each lives on the app's dependencies
 * (`deps.caches`), keeps an entry for `ttlMs`, drops its oldest entry beyond `max`, and is cleared by
 * the services that change what it holds, through `forgetAfterCommit(ctx)`: this process clears at
 * once (after the commit), and the other processes clear when the cache bus tells them to (its
 * NOTIFY sent inside the transaction, delivered at commit, or coalesced with other writes' within about
 * a second: decision 0091). A lost notification is bounded by `ttlMs`.
 *
 * Because a service clears it, a change made by a job or the admin CLI is seen as soon as one made
 * over HTTP. A read that started before a clear is not stored after it (the generation), so a slow
 * read cannot put an answer from before a change back in.
 */
export interface TtlCache<V> {
  /** What the cache bus calls it, between processes. */
  readonly topic: CacheTopic;
  /** Bumped by every clear: pass the value read before a load to `set`. */
  readonly generation: number;
  /** The entry for `key` if younger than the time-to-live (`now` in ms, the clock by default). */
  get(key: string, now?: number): V | undefined;
  /** Keeps `value` for `key`, unless the cache was cleared since `generation` was read. */
  set(key: string, value: V, options?: { generation?: number; now?: number }): void;
  /**
   * The fresh entry for `key`, or `compute()` kept under it; concurrent callers share one computation.
   * A promise that rejects is not kept.
   */
  load(key: string, compute: () => V, now?: number): V;
  /** Clears this process's entries (a test or script that wrote rows behind the services' back). */
  clear(): void;
  /** Clears this process's entries now and tells the other processes to clear theirs. */
  forget(): Promise<void>;
  /**
   * What every service that changes cached data calls: forgets once the change has committed (once
   * per transaction however many of its steps changed something; a rolled-back change forgets
   * nothing). Outside a transaction this process clears at once.
   */
  forgetAfterCommit(ctx: ServiceContext): void;
}

export interface TtlCacheOptions {
  topic: CacheTopic;
  /** How long an entry answers; 0 or less turns the cache off. */
  ttlMs: number;
  /** Entries kept at most; the oldest goes first. */
  max: number;
  bus: CacheBus;
  logger: Logger;
}

export function createTtlCache<V>(options: TtlCacheOptions): TtlCache<V> {
  const { topic, ttlMs, max, bus, logger } = options;
  const entries = new Map<string, { at: number; value: V }>();
  const queued = new WeakSet<object>();
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
  };
  bus.subscribe(topic, clear);

  const get = (key: string, now = Date.now()) => {
    if (ttlMs <= 0) return undefined;
    const entry = entries.get(key);
    if (entry && now - entry.at < ttlMs) return entry.value;
    if (entry) entries.delete(key);
    return undefined;
  };

  const set = (key: string, value: V, at: { generation?: number; now?: number } = {}) => {
    if (ttlMs <= 0 || (at.generation !== undefined && at.generation !== generation)) return;
    if (!entries.has(key) && entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { at: at.now ?? Date.now(), value });
  };

  const tell = (publish: Promise<void>) =>
    publish.catch((error: unknown) => {
      logger.warn({ err: error, topic }, 'cache: could not tell the other processes');
    });
  const forget = async () => {
    clear();
    await tell(bus.publish(topic));
  };

  return {
    topic,
    get generation() {
      return generation;
    },
    get,
    set,
    load(key, compute, now = Date.now()) {
      const hit = get(key, now);
      if (hit !== undefined) return hit;
      const value = compute();
      set(key, value, { now });
      if (value instanceof Promise) {
        value.catch(() => {
          if (entries.get(key)?.value === value) entries.delete(key);
        });
      }
      return value;
    },
    clear,
    forget,
    forgetAfterCommit(ctx) {
      if (!ctx.transaction) {
        // The write has committed (a statement of its own): its notice is coalesced as well.
        clear();
        afterCommit(ctx, () => tell(bus.publishCommitted(topic)));
        return;
      }
      if (queued.has(ctx.transaction)) return;
      queued.add(ctx.transaction);
      // The other processes are told by a NOTIFY sent as the transaction's last statement, which
      // PostgreSQL delivers at commit: no transaction of its own per write (decision 0060); or, when
      // the topic was told less than NOTICE_COALESCE_MS ago, by the bus's coalesced notice (0091).
      void beforeCommit(ctx, (tx) => bus.publish(topic, tx.db));
      afterCommit(ctx, clear);
    },
  };
}
