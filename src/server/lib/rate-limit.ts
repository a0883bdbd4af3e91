import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** e.g. 'otp-send:email:a@b.c' */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against a fixed window stored in the database, so limits hold across restarts and
 * several server processes. Returns whether the hit is allowed and, if not, seconds until it is.
 * One atomic upsert: concurrent hits cannot both slip under the limit.
 */
export async function hit(
  db: DbOrTx,
  limit: Limit,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfter: number }> {
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
  return { allowed, retryAfter };
}

/** Checks several limits; every one is counted, the first refusal wins. */
export async function hitAll(db: DbOrTx, limits: Limit[], now = new Date()) {
  let result = { allowed: true, retryAfter: 0 };
  for (const limit of limits) {
    const r = await hit(db, limit, now);
    if (!r.allowed && result.allowed) result = r;
  }
  return result;
}
