import type { CrewInviteCycle } from '@shared/api-types';
import { crewCycleLastDate, joinWindowOpen } from '@shared/domain/crew-cycle';
import { localDateIn } from '@shared/domain/local-date';
import type { ServiceContext } from '../../lib/context';
import { crewCyclesOf, memberZone } from '../../queries/crew-cycles';
import { modeLabel } from './state';

/**
 * What the invite page says of the crew's cycle to `userId` (issue 44): whether its running cycle's
 * joining window has closed in their zone (after its Day 3), and the next scheduled cycle, which a
 * closed window offers instead. Null: no cycle running or scheduled. The caller authorizes.
 */
export async function crewCycleForInvite(
  ctx: ServiceContext,
  input: { crewId: string; userId: string },
): Promise<CrewInviteCycle | null> {
  const now = ctx.now();
  const today = localDateIn(now, await memberZone(ctx.db, input.userId, now.toISOString()));
  const all = await crewCyclesOf(ctx.db, input.crewId);
  const running = all.find((c) => c.startDate <= today && today <= crewCycleLastDate(c.startDate));
  const upcoming = all.find((c) => c.startDate > today);
  const shown = running ?? upcoming;
  if (!shown) return null;
  const closed = running !== undefined && !joinWindowOpen(running.startDate, today);
  return {
    closed,
    startDate: shown.startDate,
    next:
      closed && upcoming
        ? {
            startDate: upcoming.startDate,
            mode: upcoming.mode,
            modeLabel: modeLabel(upcoming.mode),
          }
        : null,
  };
}
