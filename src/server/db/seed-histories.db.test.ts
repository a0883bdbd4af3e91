import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { streakSummary } from '@shared/domain/forgiving-streak';
import { setUpTestApp } from '../testing/test-app';
import { readRuleInputs } from '../queries/cycle-stats';
import {
  badges,
  checkins,
  crewMembers,
  crews,
  cyclePauses,
  cycles,
  postMedia,
  posts,
  restDayPlans,
  user,
  userBadges,
  userSettings,
} from './schema';
import { HistoriesError, parseHistories } from './seed-histories';
import { writeHistories } from './seed-histories-write';

// `npm run seed:demo -- --histories FILE` (issue 43): exactly the file's members, their days ending
// yesterday in their zones, their pauses, rest days, photos, badges and crews.

const t = setUpTestApp();
// 09:00 on Sunday 29 November in Denver: yesterday there was Saturday the 28th.
const NOW = new Date('2026-11-29T16:00:00Z');

const example = {
  members: [
    {
      email: 'grace@example.test',
      name: 'Grace Day',
      timeZone: 'America/Denver',
      mode: 'forgiving',
      restDays: ['sun'],
      history: 'xxxxxxxxxx.x',
      photos: { '1': 'front', '12': 'front' },
    },
    {
      email: 'sam@example.test',
      name: 'Sam Strict',
      timeZone: 'Asia/Tokyo',
      mode: 'strict',
      history: 'xxxx.x',
    },
    { email: 'pat@example.test', name: 'Pat Pause', timeZone: 'UTC', history: 'xxxppxx' },
  ],
  crews: [{ name: 'Dawn Patrol', owner: 'grace@example.test', members: ['sam@example.test'] }],
};

async function memberRows(email: string) {
  const [member] = await t.deps.db.select().from(user).where(eq(user.email, email));
  const [cycle] = await t.deps.db.select().from(cycles).where(eq(cycles.userId, member.id));
  const days = await t.deps.db
    .select({ day: checkins.dayNumber, date: checkins.localDate, postId: posts.id })
    .from(checkins)
    .innerJoin(posts, eq(posts.checkinId, checkins.id))
    .where(eq(checkins.cycleId, cycle.id))
    .orderBy(asc(checkins.dayNumber));
  return { member, cycle, days };
}

describe('seeding histories', () => {
  it('creates exactly the members of the file, with their days, photos, badges and crews', async () => {
    const written = await writeHistories(
      { db: t.deps.db, storage: t.deps.storage, ffmpegPath: null },
      parseHistories(JSON.stringify(example)),
      NOW,
    );
    expect(written).toEqual({ members: 3, checkins: 11 + 5 + 5, photos: 2, crews: 1 });

    const grace = await memberRows('grace@example.test');
    expect(grace.cycle).toMatchObject({
      startDate: '2026-11-17',
      mode: 'forgiving',
      isActive: true,
    });
    expect(grace.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    const [settings] = await t.deps.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, grace.member.id));
    expect(settings.timezone).toBe('America/Denver');
    const [plan] = await t.deps.db
      .select()
      .from(restDayPlans)
      .where(eq(restDayPlans.userId, grace.member.id));
    expect(plan).toMatchObject({ effectiveFrom: '2026-11-17', weekdays: [7] });
    const photos = await t.deps.db
      .select({ postId: postMedia.postId })
      .from(postMedia)
      .where(
        inArray(
          postMedia.postId,
          grace.days.map((d) => d.postId),
        ),
      );
    const photoDays = photos.map((p) => grace.days.find((d) => d.postId === p.postId)!.day);
    expect(photoDays.sort((a, b) => a - b)).toEqual([1, 12]);
    const earned = await t.deps.db
      .select({ code: badges.code })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(eq(userBadges.userId, grace.member.id));
    expect(earned).toEqual([{ code: 'starter_7' }]);
    // The streak the rule reads from what was written: the missed Day 11 forgiven.
    const [input] = await readRuleInputs(t.deps.db, [grace.cycle.id]);
    const summary = streakSummary(input.history, '2026-11-29');
    expect(summary).toMatchObject({ currentStreak: 11, day: 13, atRisk: false });
    expect(summary.days[10]).toMatchObject({ day: 11, mark: 'grace' });
    expect(grace.cycle).toMatchObject({ streakRun: 11, longestStreak: 11, ruleVersion: 1 });

    const sam = await memberRows('sam@example.test');
    // Tokyo is already at 01:00 on Monday the 30th: yesterday there was the 29th.
    expect(sam.cycle).toMatchObject({ startDate: '2026-11-24', mode: 'strict', streakRun: 1 });

    const pat = await memberRows('pat@example.test');
    expect(pat.days.map((d) => [d.day, d.date])).toEqual([
      [1, '2026-11-22'],
      [2, '2026-11-23'],
      [3, '2026-11-24'],
      [4, '2026-11-27'],
      [5, '2026-11-28'],
    ]);
    const pauses = await t.deps.db
      .select({ start: cyclePauses.startDate, end: cyclePauses.endDate })
      .from(cyclePauses)
      .where(eq(cyclePauses.cycleId, pat.cycle.id));
    expect(pauses).toEqual([{ start: '2026-11-25', end: '2026-11-26' }]);
    expect(pat.cycle).toMatchObject({ pausedDays: 2, streakRun: 5 });

    const [crew] = await t.deps.db.select().from(crews).where(eq(crews.name, 'Dawn Patrol'));
    expect(crew.ownerId).toBe(grace.member.id);
    const crewPeople = await t.deps.db
      .select({ userId: crewMembers.userId })
      .from(crewMembers)
      .where(eq(crewMembers.crewId, crew.id));
    expect(crewPeople.map((m) => m.userId).sort()).toEqual([grace.member.id, sam.member.id].sort());
  });

  it('refuses a file whose members already have accounts, and writes nothing of it', async () => {
    const before = await t.deps.db.select({ id: user.id }).from(user);
    const again = {
      members: [
        { email: 'new@example.test', name: 'New', timeZone: 'UTC', history: 'x' },
        { email: 'grace@example.test', name: 'Grace', timeZone: 'UTC', history: 'x' },
      ],
    };
    await expect(
      writeHistories(
        { db: t.deps.db, storage: null, ffmpegPath: null },
        parseHistories(JSON.stringify(again)),
        NOW,
      ),
    ).rejects.toThrow(HistoriesError);
    expect(await t.deps.db.select({ id: user.id }).from(user)).toHaveLength(before.length);
  });
});
