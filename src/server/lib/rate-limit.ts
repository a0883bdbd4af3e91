import { inArray, lt, sql } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../db/client';
import { AppError } from './errors';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** e.g. 'otp-send:email:a@b.c' */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * No limit counts over a longer window than this: a row whose window started longer ago than this
 * counts for nothing (the next hit starts a new window at 1) and `pruneRateLimits` deletes it.
 */
export const LONGEST_LIMIT_WINDOW_SECONDS = 86_400;

/**
 * Counts one hit against a fixed window stored in the database, so limits hold across restarts and
 * several server processes. Returns whether the hit is allowed and, if not, seconds until it is.
 * One atomic upsert: concurrent hits cannot both slip under the limit.
 */
export async function hit(
  db: DbOrTx,
  limit: Limit,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfter: number; count: number }> {
  if (limit.windowSeconds > LONGEST_LIMIT_WINDOW_SECONDS) {
    throw new Error(
      `rate limit ${limit.key}: a window longer than ${LONGEST_LIMIT_WINDOW_SECONDS} s`,
    );
  }
  const windowStartFloor = new Date(now.getTime() - limit.windowSeconds * 1000);
  const rows = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const row = rows[0];
  const allowed = row.count <= limit.max;
  const retryAfter = allowed
    ? 0
    : Math.max(
        1,
        Math.ceil((row.windowStart.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
      );
  return { allowed, retryAfter, count: row.count };
}

/**
 * Counts a hit against several limits; every one is counted. When any refuses, the answer is the
 * longest wait among the refusals (waiting out the shortest would only meet the next refusal), and
 * `refused` names the keys that refused.
 */
export async function hitAll(db: DbOrTx, limits: Limit[], now = new Date()) {
  let result = { allowed: true, retryAfter: 0, refused: [] as string[] };
  for (const limit of limits) {
    const r = await hit(db, limit, now);
    if (!r.allowed) {
      result = {
        allowed: false,
        retryAfter: Math.max(result.retryAfter, r.retryAfter),
        refused: [...result.refused, limit.key],
      };
    }
  }
  return result;
}

/** Gives back one hit (a request that was counted but then failed for reasons not the caller's). */
export async function refund(db: DbOrTx, limit: Limit): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${limit.key}`);
}

/** Forgets a limit's counter: it holds nobody back until it is hit again (e.g. a cooldown whose code was used). */
export async function forget(db: DbOrTx, limit: Limit): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${limit.key}`);
}

/** Whether a limit has room for one more hit, without counting one. */
export async function peek(db: DbOrTx, limit: Limit, now = new Date()) {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${limit.key}`)
    .limit(1);
  const windowEnd = row ? row.windowStart.getTime() + limit.windowSeconds * 1000 : 0;
  if (!row || windowEnd <= now.getTime() || row.count < limit.max)
    return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
}

/**
 * The one way to apply limits: counts a hit against each and refuses with 429 and the longest wait
 * (`details.retryAfter`, seconds) when any is exceeded. `message` words the refusal for the screen.
 */
export async function enforce(
  db: DbOrTx,
  limits: Limit[],
  options: {
    message?: (retryAfter: number) => string;
    /** More for the refusal's details, given the keys of the limits that refused. */
    details?: (refused: string[]) => Record<string, unknown>;
    now?: Date;
  } = {},
): Promise<void> {
  const result = await hitAll(db, limits, options.now);
  if (!result.allowed) {
    throw new AppError(
      'rate_limited',
      (options.message ?? msg.tooManyAttempts)(result.retryAfter),
      { retryAfter: result.retryAfter, ...options.details?.(result.refused) },
    );
  }
}

/**
 * Deletes the counters whose window is over whatever their limit (every key an address, an e-mail or
 * a download link ever used would otherwise stay for good: a caller with many addresses or e-mails
 * could grow the table without end). At most `batch` rows a call; answers how many went. The
 * scheduler calls it on every tick, on every process: a row deleted twice is simply gone.
 */
export async function pruneRateLimits(
  db: DbOrTx,
  now = new Date(),
  batch = 5_000,
): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_LIMIT_WINDOW_SECONDS * 1000);
  const over = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .limit(batch);
  const deleted = await db
    .delete(rateLimits)
    .where(inArray(rateLimits.key, over))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
