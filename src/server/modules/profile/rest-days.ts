import { and, asc, eq } from 'drizzle-orm';
import type { RestDaysView } from '@shared/api-types';
import { keyOfWeekday, nextMonday, weekdayOfKey } from '@shared/domain/forgiving-streak';
import { localDateIn, type LocalDate } from '@shared/domain/local-date';
import type { RestDaysInput } from '@shared/domain/streak-schemas';
import type { DbOrTx } from '../../db/client';
import { cycles, restDayPlans } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { memberTimeZone } from '../../queries/cycles';
import { refreshCycleStats } from '../../queries/cycle-stats';

// Rest days in Settings (issue 43, decision 0098): 0 to 2 weekdays off, for forgiving cycles. A change
// applies from the next Monday in the member's zone, so the week under way keeps its plan.

async function view(db: DbOrTx, userId: string, today: LocalDate): Promise<RestDaysView> {
  const plans = await db
    .select({ from: restDayPlans.effectiveFrom, weekdays: restDayPlans.weekdays })
    .from(restDayPlans)
    .where(eq(restDayPlans.userId, userId))
    .orderBy(asc(restDayPlans.effectiveFrom));
  const keys = (weekdays: number[]) => [...weekdays].sort().map(keyOfWeekday);
  const current = plans.filter((p) => p.from <= today).at(-1);
  const next = plans.find((p) => p.from > today);
  return {
    current: current ? keys(current.weekdays) : [],
    next: next ? { from: next.from, days: keys(next.weekdays) } : null,
  };
}

/** The member's rest days now, and their change from next Monday if they made one. */
export async function getRestDays(ctx: ServiceContext): Promise<RestDaysView> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const today = localDateIn(now, await memberTimeZone(ctx.db, member.userId, now));
  return view(ctx.db, member.userId, today);
}

/**
 * Plans the member's rest days from the next Monday in their zone on (the week under way keeps the
 * plan it has); a second change in the same week replaces the first. The active cycle's rule columns
 * are recomputed, as its rest dates from then on change.
 */
export async function setRestDays(
  ctx: ServiceContext,
  input: RestDaysInput,
): Promise<RestDaysView> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const today = localDateIn(now, await memberTimeZone(ctx.db, member.userId, now));
    const from = nextMonday(today);
    const weekdays = input.days.map(weekdayOfKey).sort();
    await ctx.db
      .insert(restDayPlans)
      .values({ userId: member.userId, effectiveFrom: from, weekdays, createdAt: now })
      .onConflictDoUpdate({
        target: [restDayPlans.userId, restDayPlans.effectiveFrom],
        set: { weekdays, createdAt: now },
      });
    const active = await ctx.db
      .select({ id: cycles.id })
      .from(cycles)
      .where(and(eq(cycles.userId, member.userId), eq(cycles.isActive, true)));
    if (active.length > 0) {
      await refreshCycleStats(
        ctx.db,
        active.map((c) => c.id),
      );
      ctx.caches.board.forgetAfterCommit(ctx);
    }
    return view(ctx.db, member.userId, today);
  });
}
