/**
 * Idempotency keys (docs/decisions/0023). A member's client sends `Idempotency-Key: <key>` on a
 * write it may repeat (the offline check-in queue, a retry after a lost answer, two tabs). The first
 * request with a key claims it in the same transaction as its write and stores its answer; a repeat
 * by the same member gets that answer back and writes nothing. Keys are per member: another
 * member's identical key is a different key. The same key with a different request is a 422.
 *
 * Concurrent duplicates: the claim is an insert into the (user_id, key) primary key inside the
 * write's transaction, so the second insert waits for the first transaction; if that committed, the
 * second finds its answer, and if it rolled back, the second claims the key and runs.
 */
import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_HOURS } from '@shared/constants';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { withTransaction, type ServiceContext } from './context';
import { AppError } from './errors';

/** A key and what it was sent with: the route and its input, hashed. */
export interface IdempotencyRequest {
  key: string;
  fingerprint: string;
}

const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_:.-]{8,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/**
 * The request's key from the header value (undefined when none was sent), with the fingerprint of
 * `parts` (the route's name and its parsed input). A malformed key is a 400, never truncated.
 */
export function idempotencyRequest(
  header: string | undefined,
  parts: readonly unknown[],
): IdempotencyRequest | undefined {
  if (header === undefined) return undefined;
  if (!KEY_PATTERN.test(header)) throw new AppError('bad_request', msg.idempotencyKeyInvalid);
  const fingerprint = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  return { key: header, fingerprint };
}

const expiry = (now: Date) => new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);

async function storedAnswer(
  db: DbOrTx,
  userId: string,
  request: IdempotencyRequest,
  now: Date,
): Promise<{ body: unknown } | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key)))
    .limit(1);
  if (!row || row.expiresAt <= now) return null;
  if (row.fingerprint !== request.fingerprint)
    throw new AppError('validation_failed', msg.idempotencyKeyReused);
  return { body: row.responseBody };
}

/**
 * The stored answer for a key already used, without claiming anything: for uploads, which check
 * before streaming a file that a replay would only throw away. Null when the key is new.
 */
export async function findReplay<T>(
  ctx: ServiceContext,
  userId: string,
  request: IdempotencyRequest | undefined,
): Promise<T | null> {
  if (!request) return null;
  const stored = await storedAnswer(ctx.db, userId, request, ctx.now());
  return stored ? (stored.body as T) : null;
}

/**
 * Claims the key inside the caller's transaction. Returns the first answer when the key was
 * already used (the caller returns it and writes nothing), or null when this request now owns
 * the key and must call `saveAnswer` before its transaction commits.
 */
export async function claimKey<T>(
  ctx: ServiceContext,
  userId: string,
  request: IdempotencyRequest,
): Promise<{ replay: T } | null> {
  if (!ctx.transaction) throw new Error('claimKey must run inside withTransaction');
  const now = ctx.now();
  // An expired key is forgotten: it may be claimed again.
  await ctx.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, request.key),
        lte(idempotencyKeys.expiresAt, now),
      ),
    );
  const claimed = await ctx.db
    .insert(idempotencyKeys)
    .values({
      userId,
      key: request.key,
      fingerprint: request.fingerprint,
      responseStatus: 0,
      responseBody: {},
      createdAt: now,
      expiresAt: expiry(now),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) {
    await sweepExpired(ctx.db, userId, now);
    return null;
  }
  const stored = await storedAnswer(ctx.db, userId, request, now);
  if (!stored) throw new Error('idempotency key vanished while claimed');
  return { replay: stored.body as T };
}

/** Stores the answer of the request that claimed the key, in the same transaction. */
export async function saveAnswer(
  db: DbOrTx,
  userId: string,
  request: IdempotencyRequest,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key)));
}

/**
 * Runs `write` once per key: in one transaction, claims the key, runs the write and stores its
 * answer; a repeat returns that answer. Without a key it is just `withTransaction`. A write that
 * throws rolls the claim back too, so a refused request can be retried with the same key.
 */
export function idempotent<T>(
  ctx: ServiceContext,
  userId: string,
  request: IdempotencyRequest | undefined,
  status: number,
  write: (ctx: ServiceContext) => Promise<T>,
): Promise<T> {
  return withTransaction(ctx, async (ctx) => {
    if (!request) return write(ctx);
    const prior = await claimKey<T>(ctx, userId, request);
    if (prior) return prior.replay;
    const answer = await write(ctx);
    await saveAnswer(ctx.db, userId, request, status, answer);
    return answer;
  });
}

/**
 * Forgets up to 100 of the member's expired keys each time they claim a new one, so what a member
 * stores stays bounded by what they write in IDEMPOTENCY_KEY_TTL_HOURS. Rows another transaction
 * holds are skipped, never waited for.
 */
async function sweepExpired(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.execute(sql`
    delete from ${idempotencyKeys}
     where (${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (
       select ${idempotencyKeys.userId}, ${idempotencyKeys.key} from ${idempotencyKeys}
        where ${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.expiresAt} < ${now.toISOString()}
        limit 100 for update skip locked)`);
}
