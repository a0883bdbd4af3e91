/**
 * npx tsx scripts/seed-past-cycle.ts [email]
 *
 * Gives a seeded demo member (default demo1) a finished 90-day cycle before their active one: the
 * 90 days just before it, checked in on 80 of them (days 4, 13 … 85 missed), with one proof photo on day 1 and
 * one on day 88, so the final review (Week 13: the 90-day calendar, the cycle's totals and "then and
 * now" across the 90 days) has history to show (the weekly review journey). Run after
 * seed-demo.ts, with the server stopped (PGlite).
 */
import { and, eq } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS } from '../src/shared/constants';
import { addDays } from '../src/shared/domain/local-date';
import { checkins, cycles, posts } from '../src/server/db/schema';
import { refreshCycleStats } from '../src/server/queries/cycle-stats';
import { addProofPhoto, openSeedTarget } from './seed-photos';

const [email = 'demo1@stackdays.local'] = process.argv.slice(2);
/** Days of the past cycle with a proof photo, and the colour of each. */
const PHOTO_DAYS: Record<number, string> = { 1: '#0ea5e9', 88: '#f97316' };
/** Days 4, 13, 22 … 85 are missed (10 of 90), so the calendar shows both states. */
const missedPastDay = (day: number) => day % 9 === 4;

const target = await openSeedTarget(email);
try {
  const { db } = target.database;
  const member = { id: target.memberId };
  const [active] = await db
    .select()
    .from(cycles)
    .where(and(eq(cycles.userId, member.id), eq(cycles.isActive, true)));
  if (!active) throw new Error(`${email} has no active cycle`);
  const startDate = addDays(active.startDate, -(CYCLE_LENGTH_DAYS + 1));
  const [past] = await db
    .insert(cycles)
    .values({
      userId: member.id,
      startDate,
      isActive: false,
      endedAt: new Date(`${addDays(active.startDate, -1)}T12:00:00Z`),
      createdAt: new Date(`${startDate}T12:00:00Z`),
    })
    .returning();
  for (let day = 1; day <= CYCLE_LENGTH_DAYS; day++) {
    if (missedPastDay(day)) continue;
    const localDate = addDays(startDate, day - 1);
    const at = new Date(`${localDate}T18:00:00Z`);
    const [checkin] = await db
      .insert(checkins)
      .values({
        cycleId: past.id,
        userId: member.id,
        dayNumber: day,
        localDate,
        movedMinutes: 20 + (day % 5) * 5,
        steps: 6000 + (day % 7) * 500,
        proteinTargetHit: day % 2 === 0,
        hydrationGoalHit: day % 3 !== 0,
        journalMd: day === 90 ? 'Day 90. Done.' : null,
        completedAt: at,
      })
      .returning();
    const [post] = await db
      .insert(posts)
      .values({ checkinId: checkin.id, userId: member.id, visibility: 'private', createdAt: at })
      .returning();
    const colour = PHOTO_DAYS[day];
    if (!colour) continue;
    await addProofPhoto(target, { id: post.id, day }, colour);
  }
  await refreshCycleStats(db, [past.id]);
  console.log(`A finished cycle for ${email}: ${startDate}, days 1-${CYCLE_LENGTH_DAYS}`);
} finally {
  await target.database.close();
}
