import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CrewBoardEntry } from '@shared/api-types';
import { msg } from '@shared/messages';
import { setUpTestApp } from '../../testing/test-app';
import { userSettings } from '../../db/schema';
import { createCheckin, getToday } from '../checkins/service';
import { startNewCycle } from '../cycles/service';
import { createCrew, getCrew, nudgeCrewmate } from './service';
import { joinByInvite, newInviteLink } from './invite-links';

// Issue 41, item 5: a crew board's "today" is the member's check-in dated today in their zone,
// whatever cycle it belongs to, and a crewmate may nudge only someone who can still check in today.
// Item 6: a refused nudge says only that no nudge was sent, never the member's settings.

const t = setUpTestApp();

const START = new Date('2026-01-01T12:00:00Z');
/** Noon UTC on day `day` of a cycle that started on 2026-01-01. */
const onDay = (day: number) => new Date(START.getTime() + (day - 1) * 86_400_000);
const at = (userId: string, day: number) => t.contextFor(userId, { now: onDay(day) });
const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: 'Done',
};

async function utcMember(displayName: string) {
  const m = await t.member({ displayName, timeZone: 'UTC' });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: 'UTC' })
    .where(eq(userSettings.userId, m.userId));
  await getToday(await at(m.userId, 1)); // the cycle starts on Day 1, 2026-01-01
  return m;
}

/** Maya's crew on day 1, with the members given. */
async function crewOf(owner: { userId: string }, ...members: Array<{ userId: string }>) {
  const crew = await createCrew(await at(owner.userId, 1), { name: 'Dawn Crew' });
  const { url } = await newInviteLink(await at(owner.userId, 1), { crewId: crew.id });
  const token = url.split('/crews/join/')[1];
  for (const m of members) await joinByInvite(await at(m.userId, 1), { token });
  return crew.id;
}

async function lineOf(viewerId: string, crewId: string, userId: string, day: number) {
  const detail = await getCrew(await at(viewerId, day), { crewId });
  const line = detail.board.find((entry) => entry.userId === userId);
  expect(line).toBeDefined();
  return line as CrewBoardEntry;
}

const nudgeMails = () => t.mails.filter((m) => m.kind === 'crew_nudge');

describe("a crew board's today (issue 41)", () => {
  it('says checked in for a member who checked in and then started a new cycle, and refuses a nudge', async () => {
    const maya = await utcMember('Maya');
    const sam = await utcMember('Sam');
    const crewId = await crewOf(maya, sam);
    await createCheckin(await at(sam.userId, 45), checkin);
    const restarted = await startNewCycle(await at(sam.userId, 45));
    expect(restarted.cycle).toMatchObject({ day: 1, started: false }); // Day 1 is tomorrow

    // Today's check-in belongs to the earlier cycle; it is still today's.
    expect(await lineOf(maya.userId, crewId, sam.userId, 45)).toMatchObject({
      today: 'checked-in',
      checkedInToday: true,
      currentDay: 1,
    });
    const mailsBefore = nudgeMails().length;
    await expect(
      nudgeCrewmate(await at(maya.userId, 45), { crewId, userId: sam.userId }),
    ).rejects.toMatchObject({ status: 409, message: msg.crewNudgeAlreadyCheckedIn('Sam') });

    // Tomorrow Day 1 is open: the board says so, and a nudge names it.
    expect(await lineOf(maya.userId, crewId, sam.userId, 46)).toMatchObject({
      today: 'open',
      checkedInToday: false,
      currentDay: 1,
    });
    const sent = await nudgeCrewmate(await at(maya.userId, 46), { crewId, userId: sam.userId });
    expect(sent.message).toBe(msg.crewNudgeSent('Sam'));
    await t.deps.mailer.idle();
    expect(
      nudgeMails()
        .slice(mailsBefore)
        .map((m) => [m.to, m.subject]),
    ).toEqual([[sam.email, 'Maya nudged you: Day 1 is waiting']]);
  });

  it('says checked in on Day 90 only, and after Day 90 that the cycle is complete, with no nudge', async () => {
    const maya = await utcMember('Maya');
    const dee = await utcMember('Dee');
    const crewId = await crewOf(maya, dee);
    expect(await lineOf(maya.userId, crewId, dee.userId, 90)).toMatchObject({
      today: 'open',
      checkedInToday: false,
    });
    await createCheckin(await at(dee.userId, 90), checkin);
    expect(await lineOf(maya.userId, crewId, dee.userId, 90)).toMatchObject({
      today: 'checked-in',
      checkedInToday: true,
      currentDay: 90,
    });

    const mailsBefore = nudgeMails().length;
    for (const day of [91, 92, 200]) {
      expect(await lineOf(maya.userId, crewId, dee.userId, day), `day ${day}`).toMatchObject({
        today: 'cycle-complete',
        checkedInToday: false,
        currentDay: 90,
      });
      await expect(
        nudgeCrewmate(await at(maya.userId, day), { crewId, userId: dee.userId }),
      ).rejects.toMatchObject({ status: 409, message: msg.crewNudgeNoCheckinToday('Dee') });
    }
    await t.deps.mailer.idle();
    expect(nudgeMails().slice(mailsBefore)).toEqual([]);

    // Dee starts again on day 200: Day 1 is open, and checked in once done.
    await startNewCycle(await at(dee.userId, 200));
    expect(await lineOf(maya.userId, crewId, dee.userId, 200)).toMatchObject({
      today: 'open',
      currentDay: 1,
    });
    await createCheckin(await at(dee.userId, 200), checkin);
    expect(await lineOf(maya.userId, crewId, dee.userId, 200)).toMatchObject({
      today: 'checked-in',
      currentDay: 1,
    });
  });

  it('counts the day in the zone the check-in was dated in, a pending zone once it has taken over', async () => {
    const maya = await utcMember('Maya');
    const kai = await utcMember('Kai');
    const crewId = await crewOf(maya, kai);
    // Kai moved from Denver to Tokyo; Tokyo took over on day 10 and is not yet written as the zone.
    await t.deps.db
      .update(userSettings)
      .set({
        timezone: 'America/Denver',
        pendingTimezone: 'Asia/Tokyo',
        pendingTimezoneFrom: onDay(10),
      })
      .where(eq(userSettings.userId, kai.userId));
    // 20:00 UTC on day 20: 13:00 of 2026-01-20 in Denver, 05:00 of 2026-01-21 in Tokyo.
    const evening = new Date(onDay(20).getTime() + 8 * 3_600_000);
    const { checkin: made } = await createCheckin(
      await t.contextFor(kai.userId, { now: evening }),
      checkin,
    );
    expect(made.localDate).toBe('2026-01-21');
    const detail = await getCrew(await t.contextFor(maya.userId, { now: evening }), { crewId });
    expect(detail.board.find((entry) => entry.userId === kai.userId)).toMatchObject({
      today: 'checked-in',
      checkedInToday: true,
    });
  });
});

describe('a refused nudge (issue 41)', () => {
  it('says only that no nudge was sent today, not that the member turned nudges off', async () => {
    const maya = await utcMember('Maya');
    const quiet = await utcMember('Quiet');
    const crewId = await crewOf(maya, quiet);
    await t.deps.db
      .update(userSettings)
      .set({ emailNudges: false, pushNudges: false })
      .where(eq(userSettings.userId, quiet.userId));
    const mailsBefore = nudgeMails().length;
    const refused = await nudgeCrewmate(await at(maya.userId, 3), {
      crewId,
      userId: quiet.userId,
    }).catch((error: unknown) => error as { status: number; message: string });
    expect(refused).toMatchObject({ status: 409, message: 'No nudge was sent to Quiet today.' });
    expect((refused as { message: string }).message).not.toMatch(/nudges off|settings/i);
    await t.deps.mailer.idle();
    expect(nudgeMails().slice(mailsBefore)).toEqual([]);
  });
});
