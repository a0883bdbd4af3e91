/**
 * A phone bridge's delivery (issue 45; decisions 0106-0108), once a reader has made samples of it:
 *
 * - Only today's samples are used (decision 0045): samples of a day that has ended are skipped with
 *   "day closed", and the delivery still answers 2xx so the app does not retry it for ever.
 * - A sample is stored under the key its app's fields make, so a redelivery replaces instead of adding:
 *   the same samples twice change nothing the second time.
 * - The day's totals (one app's samples summed) go where the check-in reads them: steps and minutes
 *   through putTodayActivity (pre-fill, or raise today's check-in), protein and water to
 *   connection_fuel, where the home form measures them against the member's targets.
 * - Each delivery is one line of the sync log: used (what), skipped (why), refused (why), or test
 *   received. Nothing of a payload but the kept kinds' numbers is ever written or logged.
 */
import { eq, sql } from 'drizzle-orm';
import type { SyncLogDetail } from '@shared/api-types';
import {
  BRIDGE_SAMPLES_MAX,
  BRIDGE_SOURCES,
  MOVE_MINUTES_MAX,
  STEPS_MAX,
  type BridgeApp,
  type SyncOutcome,
} from '@shared/constants';
import { localDateIn } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { bridgeDeliveries, bridgeSamples, connectionFuel, user } from '../../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { bridgeSampleSums } from '../../../queries/bridge-samples';
import { trimSyncLog } from '../../../queries/bridge-deliveries';
import { memberTimeZone } from '../../../queries/cycles';
import { putTodayActivity } from '../activity';
import {
  BridgeShapeError,
  dayTotals,
  samplesOfToday,
  type BridgeDelivery,
  type BridgeSample,
  type DayTotals,
} from './samples';

/** What a delivery came to, as its answer and its sync log line say. */
export interface IngestResult {
  outcome: SyncOutcome;
  detail: SyncLogDetail;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const UPSERT_CHUNK = 1_000;

/** Reads a delivery with its app's reader and uses today's samples of the kept kinds. */
export async function ingestDelivery(
  ctx: ServiceContext,
  input: { app: BridgeApp; read: () => BridgeDelivery; tokenId: string },
): Promise<IngestResult> {
  const member = requireMember(ctx);
  let delivery: BridgeDelivery;
  try {
    delivery = input.read();
  } catch (error) {
    if (error instanceof BridgeShapeError)
      return refuseDelivery(ctx, { app: input.app, path: error.path, problem: error.problem });
    throw error;
  }
  if (delivery.samples.length > BRIDGE_SAMPLES_MAX)
    return refuseDelivery(ctx, { app: input.app, path: 'data', problem: msg.bridgeTooManySamples });
  if (delivery.test) return logDelivery(ctx, input.app, 'test', {});

  const now = ctx.now();
  const timeZone = await memberTimeZone(ctx.db, member.userId, now);
  const today = localDateIn(now, timeZone);
  const {
    today: samples,
    dayClosed,
    notStarted,
  } = samplesOfToday(delivery.samples, today, timeZone);
  const skipped = dayClosed + notStarted > 0 ? { dayClosed, notStarted } : undefined;
  if (samples.length === 0) return logDelivery(ctx, input.app, 'skipped', { skipped });

  return withTransaction(ctx, async (ctx) => {
    // One delivery of a member at a time: the day's sums below see every sample stored before.
    await ctx.db.select({ id: user.id }).from(user).where(eq(user.id, member.userId)).for('update');
    const changed = await storeSamples(ctx, { app: input.app, today, samples });
    const totals = dayTotals(
      await bridgeSampleSums(ctx.db, { userId: member.userId, app: input.app, localDate: today }),
    );
    if (changed > 0)
      await useTotals(ctx, { app: input.app, today, totals, tokenId: input.tokenId });
    return logDelivery(ctx, input.app, 'used', {
      used: usedOf(totals),
      ...(changed === 0 ? { nothingNew: true } : {}),
      ...(skipped ? { skipped } : {}),
    });
  });
}

/**
 * Logs a delivery the route cannot read (the first bad path and what is wrong there) and refuses it
 * with a 422 problem naming that path.
 */
export async function refuseDelivery(
  ctx: ServiceContext,
  input: { app: BridgeApp; path: string; problem: string },
): Promise<never> {
  requireMember(ctx);
  const reason = msg.bridgeUnreadable(input.path || 'the body', input.problem);
  await logDelivery(ctx, input.app, 'refused', { refused: { status: 422, reason } });
  throw new AppError('validation_failed', reason, { path: input.path });
}

/** Upserts today's samples; answers how many were new or changed (a resend of the same: none). */
async function storeSamples(
  ctx: ServiceContext,
  input: { app: BridgeApp; today: string; samples: BridgeSample[] },
): Promise<number> {
  const userId = requireMember(ctx).userId;
  const receivedAt = ctx.now();
  let changed = 0;
  for (let i = 0; i < input.samples.length; i += UPSERT_CHUNK) {
    const rows = input.samples.slice(i, i + UPSERT_CHUNK).map((s) => ({
      userId,
      app: input.app,
      kind: s.kind,
      sampleKey: s.key,
      localDate: input.today,
      amount: s.amount,
      receivedAt,
    }));
    const written = await ctx.db
      .insert(bridgeSamples)
      .values(rows)
      .onConflictDoUpdate({
        target: [
          bridgeSamples.userId,
          bridgeSamples.app,
          bridgeSamples.kind,
          bridgeSamples.sampleKey,
        ],
        set: {
          amount: sql`excluded.amount`,
          localDate: sql`excluded.local_date`,
          receivedAt: sql`excluded.received_at`,
        },
        setWhere: sql`${bridgeSamples.amount} is distinct from excluded.amount or ${bridgeSamples.localDate} is distinct from excluded.local_date`,
      })
      .returning({ id: bridgeSamples.id });
    changed += written.length;
  }
  return changed;
}

/** Puts the day's totals where the check-in reads them, named after the app's source. */
async function useTotals(
  ctx: ServiceContext,
  input: { app: BridgeApp; today: string; totals: DayTotals; tokenId: string },
) {
  const { totals } = input;
  const source = BRIDGE_SOURCES[input.app];
  if (totals.steps !== null || totals.moveMinutes !== null)
    await putTodayActivity(
      ctx,
      {
        steps: Math.min(STEPS_MAX, totals.steps ?? 0),
        moveMinutes: Math.min(MOVE_MINUTES_MAX, totals.moveMinutes ?? 0),
        source,
      },
      { tokenId: input.tokenId },
    );
  if (totals.waterMl !== null || totals.proteinG !== null) {
    const row = {
      userId: requireMember(ctx).userId,
      localDate: input.today,
      proteinG: totals.proteinG,
      waterMl: totals.waterMl,
      source,
      receivedAt: ctx.now(),
    };
    await ctx.db
      .insert(connectionFuel)
      .values(row)
      .onConflictDoUpdate({
        target: [connectionFuel.userId, connectionFuel.localDate],
        set: {
          proteinG: row.proteinG,
          waterMl: row.waterMl,
          source: row.source,
          receivedAt: row.receivedAt,
        },
      });
  }
}

/** The day's totals as the sync log says them: whole numbers, only the kinds the day has. */
function usedOf(totals: DayTotals): NonNullable<SyncLogDetail['used']> {
  const used: NonNullable<SyncLogDetail['used']> = {};
  if (totals.steps !== null) used.steps = Math.round(totals.steps);
  if (totals.moveMinutes !== null) used.moveMinutes = Math.round(totals.moveMinutes);
  if (totals.waterMl !== null) used.waterMl = Math.round(totals.waterMl);
  if (totals.proteinG !== null) used.proteinG = Math.round(totals.proteinG);
  return used;
}

/** One line of the member's sync log, the oldest beyond SYNC_LOG_SIZE dropped. */
async function logDelivery(
  ctx: ServiceContext,
  app: BridgeApp,
  outcome: SyncOutcome,
  detail: SyncLogDetail,
): Promise<IngestResult> {
  const userId = requireMember(ctx).userId;
  await ctx.db
    .insert(bridgeDeliveries)
    .values({ userId, app, receivedAt: ctx.now(), outcome, detail });
  await trimSyncLog(ctx.db, userId);
  return { outcome, detail };
}
