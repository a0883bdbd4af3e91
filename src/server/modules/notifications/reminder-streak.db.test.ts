import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { userSettings } from '../../db/schema';
import { setUpTestApp } from '../../testing/test-app';
import { createCheckin, getToday } from '../checkins/service';
import { pauseCycle } from '../cycles/pauses';
import { sendDailyReminders } from './daily-reminders';

// Issue 43: the evening reminder of a member whose streak is at risk says "Check in today to keep
// your streak"; a paused day asks for no check-in, so it sends none.

const t = setUpTestApp();
const DAY = 86_400_000;
/** Noon UTC on Monday 2 November 2026: Day 1 of each cycle here. */
const START = new Date('2026-11-02T12:00:00Z');
const noonOf = (day: number) => new Date(START.getTime() + (day - 1) * DAY);
/** 20:00 UTC on a day: past the reminder hour (19) of a member in UTC. */
const eveningOf = (day: number) => new Date(noonOf(day).getTime() + 8 * 3_600_000);
const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: '',
};

async function member(checkedInDays: number[]) {
  const m = await t.member({ timeZone: 'UTC' });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: 'UTC', reminderHour: 19, emailNudges: true })
    .where(eq(userSettings.userId, m.userId));
  await getToday(await t.contextFor(m.userId, { now: noonOf(1) }));
  for (const day of checkedInDays)
    await createCheckin(await t.contextFor(m.userId, { now: noonOf(day) }), checkin);
  return m;
}

const remindersTo = (email: string) =>
  t.mails.filter((m) => m.to === email && m.kind === 'daily_reminder');

describe('the evening reminder', () => {
  it('tells a member whose streak is at risk to check in today to keep it', async () => {
    // Days 1-5 checked in, day 6 missed: on day 7 the streak of 5 waits for today's check-in.
    const atRisk = await member([1, 2, 3, 4, 5]);
    const onTrack = await member([1, 2, 3, 4, 5, 6]);
    await sendDailyReminders(t.system('reminders', () => eveningOf(7)));
    const [risky] = remindersTo(atRisk.email);
    expect(risky.subject).toBe(`Day 7: ${msg.checkInToKeepStreak}`);
    expect(risky.text).toContain(msg.reminderAtRiskLead(5));
    const [fine] = remindersTo(onTrack.email);
    expect(fine.subject).toBe('Day 7: time to check in');
    expect(fine.text).not.toContain(msg.checkInToKeepStreak);
  });

  it('is not sent on a paused day', async () => {
    const paused = await member([1, 2]);
    await pauseCycle(await t.contextFor(paused.userId, { now: noonOf(3) }), {
      startDate: '2026-11-04',
      days: 2,
    });
    await sendDailyReminders(t.system('reminders', () => eveningOf(3)));
    expect(remindersTo(paused.email)).toEqual([]);
    // Back on 6 November, Day 3: the reminder goes out again, the streak kept through the pause.
    await sendDailyReminders(t.system('reminders', () => eveningOf(5)));
    expect(remindersTo(paused.email).map((m) => m.subject)).toEqual(['Day 3: time to check in']);
  });
});
