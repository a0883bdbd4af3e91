import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setUpTestApp } from '../../testing/test-app';
import { userSettings } from '../../db/schema';
import { createCheckin, getToday } from '../checkins/service';
import { startNewCycle } from '../cycles/service';
import { createCrew, getCrew } from './service';
import { joinByInvite, newInviteLink } from './invite-links';

// Issue 41, item 12: a crewmate whose new cycle starts tomorrow (decision 0032) is on the board as
// not started, so the board says "Starts tomorrow" instead of "Day 1".

const t = setUpTestApp();

const START = new Date('2026-03-01T12:00:00Z');
const onDay = (day: number) => new Date(START.getTime() + (day - 1) * 86_400_000);
const at = (userId: string, day: number) => t.contextFor(userId, { now: onDay(day) });

async function utcMember(displayName: string) {
  const m = await t.member({ displayName, timeZone: 'UTC' });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: 'UTC' })
    .where(eq(userSettings.userId, m.userId));
  await getToday(await at(m.userId, 1));
  return m;
}

describe('a crew board and a cycle that starts tomorrow (issue 41 item 12)', () => {
  it('marks the member not started until their Day 1 comes', async () => {
    const maya = await utcMember('Maya');
    const sam = await utcMember('Sam');
    const crew = await createCrew(await at(maya.userId, 1), { name: 'Dawn Crew' });
    const { url } = await newInviteLink(await at(maya.userId, 1), { crewId: crew.id });
    await joinByInvite(await at(sam.userId, 1), { token: url.split('/crews/join/')[1] });

    await createCheckin(await at(sam.userId, 20), {
      movedMinutes: 30,
      steps: 8000,
      proteinTargetHit: true,
      hydrationGoalHit: false,
      journalMd: 'Done',
    });
    await startNewCycle(await at(sam.userId, 20));

    const line = async (day: number) =>
      (await getCrew(await at(maya.userId, day), { crewId: crew.id })).board.find(
        (entry) => entry.userId === sam.userId,
      );
    expect(await line(20)).toMatchObject({ currentDay: 1, started: false });
    expect(await line(21)).toMatchObject({ currentDay: 1, started: true });
    // Maya's own cycle, on its day 20, has long started.
    expect(
      (await getCrew(await at(maya.userId, 20), { crewId: crew.id })).board.find(
        (entry) => entry.userId === maya.userId,
      ),
    ).toMatchObject({ currentDay: 20, started: true });
  });
});
