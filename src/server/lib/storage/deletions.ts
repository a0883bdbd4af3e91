import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { storageDeletions } from '../../db/schema';
import { afterCommit, type ServiceContext } from '../context';
import { storageDeletionResults } from '../metrics';

// Side effects on storage that always finish (decision 0042): a deletion is queued in the transaction
// that removes the rows naming the objects, tried at once after the commit, and, if storage fails,
// tried again by the scheduler with a growing wait, on whichever process claims it first.

export interface StorageDeletion {
  key: string;
  /** Remove every object inside the folder `key` instead of one object. */
  isPrefix?: boolean;
  reason: 'account' | 'post' | 'avatar' | 'upload' | 'badge' | 'sweep';
}

/** While one process tries a row, no other takes it. */
const LEASE_MS = 5 * 60_000;
const BATCH = 100;
/** The wait after the n-th failure: 30 s, 1 min, 2 min … at most 6 hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(6 * 3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Queues the removal of these objects with the current transaction (or at once outside one), then
 * tries it right after the commit: the usual case removes the files within the request's lifetime.
 */
export async function queueStorageDeletions(
  ctx: ServiceContext,
  deletions: StorageDeletion[],
): Promise<void> {
  if (deletions.length === 0) return;
  const rows = await ctx.db
    .insert(storageDeletions)
    .values(deletions.map((d) => ({ key: d.key, isPrefix: d.isPrefix ?? false, reason: d.reason })))
    .returning({ id: storageDeletions.id });
  const ids = rows.map((r) => r.id);
  afterCommit(ctx, (committed) => runStorageDeletions(committed, { ids }));
}

/**
 * Tries the deletions that are due (or only `ids`), a batch at a time: claimed with a lease so two
 * processes never try one row at once, removed from the table when storage confirms, and otherwise
 * given back with the next attempt's time and the error. Answers how many finished.
 */
export async function runStorageDeletions(
  ctx: ServiceContext,
  options: { ids?: number[]; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? ctx.now();
  const only = options.ids ? sql`and id = any(${`{${options.ids.join(',')}}`}::bigint[])` : sql``;
  const claimed = await queryRows<{
    id: number;
    key: string;
    is_prefix: boolean;
    attempts: number;
  }>(
    ctx.db,
    sql`update storage_deletions
        set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
            attempts = attempts + 1
        where id in (
          select id from storage_deletions
          where next_attempt_at <= ${now.toISOString()}::timestamptz ${only}
          order by next_attempt_at limit ${BATCH}
          for update skip locked)
        returning id, key, is_prefix, attempts`,
  );
  let done = 0;
  for (const row of claimed) {
    try {
      if (row.is_prefix) await ctx.storage.deletePrefix(row.key);
      else await ctx.storage.delete(row.key);
      await ctx.db.delete(storageDeletions).where(eq(storageDeletions.id, Number(row.id)));
      storageDeletionResults.inc({ outcome: 'done' });
      done += 1;
    } catch (error) {
      storageDeletionResults.inc({ outcome: 'retry' });
      ctx.logger.warn(
        { err: error, key: row.key, attempts: row.attempts },
        'storage deletion failed: tried again later',
      );
      await ctx.db
        .update(storageDeletions)
        .set({
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          lastError: String((error as Error).message ?? error).slice(0, 500),
        })
        .where(eq(storageDeletions.id, Number(row.id)));
    }
  }
  return done;
}
