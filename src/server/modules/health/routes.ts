import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { READY_CHECK_TIMEOUT_MS } from '@shared/constants';
import type { HealthResponse, ReadyResponse } from '@shared/api-types';
import type { AppEnv } from '../../lib/deps';

/**
 * GET /api/health: liveness (decision 0025). It answers as long as the process can serve HTTP and
 * touches nothing else, so a database blip does not make an orchestrator restart every process at
 * once (which would not fix the database). Anonymous, and no service behind it: no actor, nothing to
 * authorize.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', (c) =>
  c.json({ status: 'ok' } satisfies HealthResponse),
);

/** A key no upload can have (ingest names every file under u/…): only its absence is read. */
export const READY_PROBE_KEY = 'ready-probe';

/** Resolves 'ok' when `check` settles in time, 'unavailable' when it fails or takes too long. */
async function probe(
  check: () => Promise<unknown>,
  timeoutMs: number,
): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unavailable'>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => 'ok' as const,
        () => 'unavailable' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready: readiness. The database (`select 1`) and the media storage (a HEAD of a key that
 * does not exist: a 404 proves the store answers and accepts our keys) each get
 * READY_CHECK_TIMEOUT_MS. 503 names the part that failed and nothing more: the error itself goes to
 * the log, never to the caller.
 */
export function readyRoutes(timeoutMs: number = READY_CHECK_TIMEOUT_MS) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { db, storage, logger } = c.get('deps');
    const logged = (part: string, check: () => Promise<unknown>) => () =>
      check().catch((error: unknown) => {
        logger.warn({ err: error, requestId: c.get('requestId'), part }, 'not ready');
        throw error;
      });
    const [database, store] = await Promise.all([
      probe(
        logged('database', () => db.execute(sql`select 1`)),
        timeoutMs,
      ),
      probe(
        logged('storage', () => storage.stat(READY_PROBE_KEY)),
        timeoutMs,
      ),
    ]);
    const ready = database === 'ok' && store === 'ok';
    const body = {
      status: ready ? 'ok' : 'unavailable',
      database,
      storage: store,
    } satisfies ReadyResponse;
    return c.json(body, ready ? 200 : 503);
  });
}
