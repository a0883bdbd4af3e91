import { and, desc, eq, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { CheckinView } from '@shared/api-types';
import { checkins } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { pageCursors } from '../../lib/page-cursor';
import { activitySourceOf } from '../../queries/connection-activity';

/** A check-in as the member's own list reads it (the public API's GET /me/checkins). */
export type ListedCheckin = Pick<
  CheckinView,
  | 'id'
  | 'localDate'
  | 'dayNumber'
  | 'steps'
  | 'movedMinutes'
  | 'proteinTargetHit'
  | 'hydrationGoalHit'
  | 'journalMd'
  | 'activitySource'
  | 'createdAt'
>;

const cursors = pageCursors({ t: z.iso.date(), id: z.uuid() });

/** The member's check-ins, newest first, `limit` a page, keyset paged by `cursor`. */
export async function listCheckins(
  ctx: ServiceContext,
  input: { limit: number; cursor?: string },
): Promise<{ checkins: ListedCheckin[]; nextCursor: string | null }> {
  const member = requireMember(ctx);
  const { limit } = input;
  const after = input.cursor ? cursors.decode(input.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(checkins)
    .where(
      and(
        eq(checkins.userId, member.userId),
        after
          ? or(
              lt(checkins.localDate, after.t),
              and(eq(checkins.localDate, after.t), lt(checkins.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(checkins.localDate), desc(checkins.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    checkins: page.map((k) => ({
      ...k,
      journalMd: k.journalMd ?? '',
      activitySource: activitySourceOf(k),
      createdAt: k.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? cursors.encode(last.localDate, last.id) : null,
  };
}
