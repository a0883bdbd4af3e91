import type { CrewCycleFinale, CrewCycleFinaleMember, CrewCyclePhoto } from '@shared/api-types';
import { crewCycleLastDate, joinedDay } from '@shared/domain/crew-cycle';
import { localDateIn } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { thumbKeyFor } from '../../lib/storage';
import { crewCyclesOf, memberZone, sharedDayPhotos } from '../../queries/crew-cycles';
import { mediaUrl } from '../../queries/media-urls';
import { crewCycleMembersNow, crewStreakOf, goalOf, memberCrew, summaryOf } from './state';

// The Day 90 finale (issue 44, decision 0114): the whole crew's consistency, the crew streak, the
// goal, and each member's Day 1 beside Day 90 photo where they shared that day's post with the
// community or with this crew (the crew's audience rules; a photo they kept to themselves is absent).

/** GET /api/crews/:id/cycles/:cycleId/finale: from the viewer's Day 90 on. */
export async function getCrewCycleFinale(
  ctx: ServiceContext,
  input: { crewId: string; crewCycleId: string },
): Promise<CrewCycleFinale> {
  const { crew, userId } = await memberCrew(ctx, input.crewId);
  const cycle = (await crewCyclesOf(ctx.db, crew.id)).find((c) => c.id === input.crewCycleId);
  if (!cycle) throw new AppError('not_found', msg.crewCycleNotFound);
  const now = ctx.now();
  const today = localDateIn(now, await memberZone(ctx.db, userId, now.toISOString()));
  if (today < crewCycleLastDate(cycle.startDate))
    throw new AppError('conflict', msg.crewCycleFinaleNotYet);
  const { participants } = await crewCycleMembersNow(ctx, crew, cycle);
  const photos = await sharedDayPhotos(
    ctx.db,
    crew.id,
    participants.map((p) => p.row.heldCycleId),
  );
  const photo = (memberId: string, day: number): CrewCyclePhoto | null => {
    const found = photos.find((p) => p.userId === memberId && Number(p.day) === day);
    if (!found) return null;
    const external = /^https?:/.test(found.storagePath);
    return {
      day,
      date: found.date,
      url: mediaUrl(found.storagePath),
      thumbUrl: external ? null : mediaUrl(thumbKeyFor(found.storagePath)),
    };
  };
  const members: CrewCycleFinaleMember[] = participants
    .map((p) => ({
      userId: p.row.userId,
      displayName: p.row.displayName,
      avatarUrl: p.row.avatarUrl,
      isMe: p.row.userId === userId,
      joinedDay: joinedDay(cycle.startDate, p.row.heldStartDate),
      consistency: p.summary.consistency,
      checkins: p.summary.checkins,
      longestStreak: p.summary.longestStreak,
      ...(p.row.heldMode === 'strict' ? { strict: true as const } : {}),
      minutes: Number(p.row.heldMinutes ?? 0),
      dayOnePhoto: photo(p.row.userId, 1),
      dayNinetyPhoto: photo(p.row.userId, 90),
    }))
    .sort((a, b) => b.consistency - a.consistency || a.displayName.localeCompare(b.displayName));
  const streak = crewStreakOf(cycle, participants);
  return {
    cycle: summaryOf(cycle),
    crewName: crew.name,
    crewStreak: { days: streak.days, longest: streak.longest },
    goal: goalOf(cycle, participants),
    members,
  };
}
