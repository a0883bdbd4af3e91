import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setUpTestApp } from '../../testing/test-app';
import { userSettings } from '../../db/schema';
import { createCheckin, getToday } from '../checkins/service';
import { getMyCycle } from '../cycles/service';
import { getSettings, updateSettings } from './settings';

// Changing the settings time zone never moves today: a check-in already made today stays today's,
// and the cycle day and streak carry on (decision 0016). Each step runs at a fixed instant.

const t = setUpTestApp();

const checkin = {
  movedMinutes: 30,
  steps: 5000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: '',
};

async function memberIn(timeZone: string) {
  const m = await t.member({ timeZone });
  const at = (iso: string) => t.contextFor(m.userId, { now: new Date(iso) });
  return { ...m, at };
}

const settingsFor = (timezone: string) => ({
  reminderHour: 19,
  emailNudges: true,
  pushNudges: false,
  timezone,
});

describe('changing the time zone', () => {
  it('going east after checking in: today’s check-in stays today’s, then the days carry on', async () => {
    const m = await memberIn('America/Denver');
    // 8 PM in Denver on Mar 9 and Mar 10.
    await createCheckin(await m.at('2026-03-10T02:00:00Z'), checkin);
    const second = await createCheckin(await m.at('2026-03-11T02:00:00Z'), checkin);
    expect(second.checkin).toMatchObject({ dayNumber: 2, localDate: '2026-03-10' });

    // 8:30 PM in Denver is already Mar 11 in Tokyo.
    const saved = await updateSettings(
      await m.at('2026-03-11T02:30:00Z'),
      settingsFor('Asia/Tokyo'),
    );
    expect(saved.settings).toMatchObject({
      timezone: 'Asia/Tokyo',
      timezoneInEffect: 'America/Denver',
    });

    const sameEvening = await getToday(await m.at('2026-03-11T02:30:00Z'));
    expect(sameEvening.cycle).toMatchObject({ day: 2, today: '2026-03-10' });
    expect(sameEvening.checkin?.id).toBe(second.checkin.id);
    const lateEvening = await getToday(await m.at('2026-03-11T05:30:00Z'));
    expect(lateEvening.checkin?.id).toBe(second.checkin.id);

    // After midnight in Denver both zones show Mar 11: Tokyo takes over on the same date.
    const next = await getSettings(await m.at('2026-03-11T07:00:00Z'));
    expect(next.settings).toMatchObject({ timezone: 'Asia/Tokyo', timezoneInEffect: 'Asia/Tokyo' });
    const [row] = await t.deps.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, m.userId));
    expect(row).toMatchObject({ timezone: 'Asia/Tokyo', pendingTimezone: null });
    const day3 = await getToday(await m.at('2026-03-11T07:00:00Z'));
    expect(day3.cycle).toMatchObject({ day: 3, today: '2026-03-11', timeZone: 'Asia/Tokyo' });
    expect(day3.checkin).toBeNull();
    await createCheckin(await m.at('2026-03-11T07:00:00Z'), checkin);
    const cycle = await getMyCycle(await m.at('2026-03-11T07:05:00Z'));
    expect(cycle.stats).toMatchObject({ checkins: 3, currentStreak: 3 });
  });

  it('going west after checking in: no date comes back, and no day is lost', async () => {
    const m = await memberIn('Asia/Tokyo');
    // 9 AM in Tokyo on Mar 10 and Mar 11.
    await createCheckin(await m.at('2026-03-10T00:00:00Z'), checkin);
    const second = await createCheckin(await m.at('2026-03-11T00:00:00Z'), checkin);
    expect(second.checkin).toMatchObject({ dayNumber: 2, localDate: '2026-03-11' });

    // It is still Mar 10 in Denver.
    await updateSettings(await m.at('2026-03-11T00:30:00Z'), settingsFor('America/Denver'));
    const stillToday = await getToday(await m.at('2026-03-11T00:30:00Z'));
    expect(stillToday.checkin?.id).toBe(second.checkin.id);
    expect(stillToday.cycle.day).toBe(2);

    // Mar 12 in Tokyo (Mar 11 in Denver): day 3 as usual.
    const third = await createCheckin(await m.at('2026-03-11T20:00:00Z'), checkin);
    expect(third.checkin).toMatchObject({ dayNumber: 3, localDate: '2026-03-12' });

    // Once Denver reaches Mar 12 as well, it takes over; Mar 12's check-in is still today's.
    await getSettings(await m.at('2026-03-12T07:00:00Z'));
    const sameDay = await getToday(await m.at('2026-03-12T07:00:00Z'));
    expect(sameDay.cycle).toMatchObject({
      timeZone: 'America/Denver',
      today: '2026-03-12',
      day: 3,
    });
    expect(sameDay.checkin?.id).toBe(third.checkin.id);

    await createCheckin(await m.at('2026-03-13T18:00:00Z'), checkin);
    const cycle = await getMyCycle(await m.at('2026-03-13T18:05:00Z'));
    expect(cycle.stats).toMatchObject({ checkins: 4, currentStreak: 4 });
  });

  it('switches at once when both zones share the date, and a change back drops a waiting one', async () => {
    const m = await memberIn('America/Denver');
    const noon = '2026-03-11T18:00:00Z';
    const saved = await updateSettings(await m.at(noon), settingsFor('America/New_York'));
    expect(saved.settings).toMatchObject({
      timezone: 'America/New_York',
      timezoneInEffect: 'America/New_York',
    });

    const evening = '2026-03-12T03:00:00Z'; // 11 PM in New York, already Mar 12 in London
    const waiting = await updateSettings(await m.at(evening), settingsFor('Europe/London'));
    expect(waiting.settings).toMatchObject({
      timezone: 'Europe/London',
      timezoneInEffect: 'America/New_York',
    });
    const back = await updateSettings(await m.at(evening), settingsFor('America/New_York'));
    expect(back.settings).toMatchObject({
      timezone: 'America/New_York',
      timezoneInEffect: 'America/New_York',
    });
    const [row] = await t.deps.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, m.userId));
    expect(row.pendingTimezone).toBeNull();
  });
});
