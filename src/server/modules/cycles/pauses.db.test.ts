import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import { addDays } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { auditEvents, cyclePauses, cycles, userSettings } from '../../db/schema';
import type { AppError } from '../../lib/errors';
import { setUpTestApp } from '../../testing/test-app';
import { createCheckin, getToday } from '../checkins/service';
import { getRestDays, setRestDays } from '../profile/rest-days';
import { endPause, pauseCycle, setStreakMode } from './pauses';
import { getMyCycle } from './service';

// Issue 43: a cycle's mode, pauses and rest days, with their rules (decisions 0098 and 0099).

const t = setUpTestApp();
const DAY = 86_400_000;
/** Noon UTC on Monday 2 November 2026, the Day 1 of each member's cycle here. */
const START = new Date('2026-11-02T12:00:00Z');
const onDay = (day: number) => new Date(START.getTime() + (day - 1) * DAY);
const dateOfDay = (day: number) => addDays('2026-11-02', day - 1);
const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: '',
};

/** A member in UTC whose cycle starts on START. */
async function member() {
  const m = await t.member({ timeZone: 'UTC' });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: 'UTC' })
    .where(eq(userSettings.userId, m.userId));
  await getToday(await t.contextFor(m.userId, { now: START }));
  return m;
}
const at = (userId: string, day: number) => t.contextFor(userId, { now: onDay(day) });
const refused = (message: string, code = 'validation_failed') =>
  expect.objectContaining({ code, message }) as unknown as AppError;

describe('a pause', () => {
  it('stops the day numbers, moves the last day later and keeps the streak; admins see it', async () => {
    const { userId } = await member();
    for (const day of [1, 2, 3]) await createCheckin(await at(userId, day), checkin);
    const { cycle } = await pauseCycle(await at(userId, 4), { startDate: dateOfDay(4), days: 3 });
    expect(cycle).toMatchObject({
      paused: true,
      day: 3,
      pause: { startDate: dateOfDay(4), endDate: dateOfDay(6) },
      lastDate: addDays('2026-11-02', CYCLE_LENGTH_DAYS - 1 + 3),
      streak: 3,
    });
    // Back on the 7th date: Day 4.
    const back = await createCheckin(await at(userId, 7), checkin);
    expect(back.checkin.dayNumber).toBe(4);
    const my = await getMyCycle(await at(userId, 7));
    expect(my.stats).toMatchObject({ currentStreak: 4, checkins: 4, consistency: 100 });
    expect(my.days.slice(3, 6).map((d) => [d.day, d.status])).toEqual([
      [null, 'paused'],
      [null, 'paused'],
      [null, 'paused'],
    ]);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'cycle.pause'));
    expect(event).toMatchObject({ actorId: userId, actorKind: 'member', targetType: 'cycle' });
    expect(event.after).toMatchObject({ startDate: dateOfDay(4), endDate: dateOfDay(6) });
  });

  it('is never backdated', async () => {
    const { userId } = await member();
    await expect(
      pauseCycle(await at(userId, 5), { startDate: dateOfDay(4), days: 2 }),
    ).rejects.toEqual(refused(msg.pauseBackdated));
  });

  it('has at most 7 days in a cycle: an 8th is refused', async () => {
    const { userId } = await member();
    await pauseCycle(await at(userId, 2), { startDate: dateOfDay(10), days: 5 });
    await expect(
      pauseCycle(await at(userId, 2), { startDate: dateOfDay(20), days: 3 }),
    ).rejects.toEqual(refused(msg.pauseTooLong(2)));
    await pauseCycle(await at(userId, 2), { startDate: dateOfDay(20), days: 2 });
    await expect(
      pauseCycle(await at(userId, 2), { startDate: dateOfDay(30), days: 1 }),
    ).rejects.toEqual(refused(msg.pauseTooLong(0)));
  });

  it('is refused in strict mode', async () => {
    const { userId } = await member();
    await setStreakMode(await at(userId, 1), { mode: 'strict' });
    await expect(
      pauseCycle(await at(userId, 2), { startDate: dateOfDay(2), days: 1 }),
    ).rejects.toEqual(refused(msg.pauseStrict));
  });

  it('starts tomorrow once today is checked in, and never overlaps another', async () => {
    const { userId } = await member();
    await createCheckin(await at(userId, 1), checkin);
    await expect(
      pauseCycle(await at(userId, 1), { startDate: dateOfDay(1), days: 2 }),
    ).rejects.toEqual(refused(msg.pauseCheckedInToday));
    await pauseCycle(await at(userId, 1), { startDate: dateOfDay(2), days: 3 });
    await expect(
      pauseCycle(await at(userId, 1), { startDate: dateOfDay(4), days: 2 }),
    ).rejects.toEqual(refused(msg.pauseOverlaps));
  });

  it('ended early gives its days back', async () => {
    const { userId } = await member();
    await pauseCycle(await at(userId, 3), { startDate: dateOfDay(3), days: 5 });
    // Back on the 5th date: the 3rd and 4th stay paused, the 5th to 7th are days again.
    const { cycle } = await endPause(await at(userId, 5));
    expect(cycle).toMatchObject({ paused: false, day: 3, pause: null });
    expect(cycle.pausedDates).toEqual([dateOfDay(3), dateOfDay(4)]);
    expect(cycle.lastDate).toBe(addDays('2026-11-02', CYCLE_LENGTH_DAYS - 1 + 2));
    const [row] = await t.deps.db.select().from(cycles).where(eq(cycles.userId, userId));
    expect(row.pausedDays).toBe(2);
    // Five days are left to pause again.
    await expect(
      pauseCycle(await at(userId, 5), { startDate: dateOfDay(10), days: 6 }),
    ).rejects.toEqual(refused(msg.pauseTooLong(5)));
    // A planned pause is cancelled whole; with none left, there is nothing to end.
    await pauseCycle(await at(userId, 5), { startDate: dateOfDay(10), days: 2 });
    await endPause(await at(userId, 5));
    const left = await t.deps.db
      .select({ startDate: cyclePauses.startDate })
      .from(cyclePauses)
      .where(eq(cyclePauses.cycleId, row.id));
    expect(left).toEqual([{ startDate: dateOfDay(3) }]);
    await expect(endPause(await at(userId, 5))).rejects.toEqual(
      refused(msg.pauseNone, 'not_found'),
    );
  });

  it('ends when the member checks in on a paused day; a paused day gone by takes none', async () => {
    const { userId } = await member();
    await createCheckin(await at(userId, 1), checkin);
    await pauseCycle(await at(userId, 2), { startDate: dateOfDay(2), days: 4 });
    // A check-in queued offline on the 2nd date (paused), sent on the 3rd: refused.
    await expect(
      createCheckin(
        await t.contextFor(userId, { now: new Date(onDay(3).getTime() - 7 * 3_600_000) }),
        checkin,
        { madeAt: new Date(onDay(2).getTime() + 11 * 3_600_000) },
      ),
    ).rejects.toEqual(refused(msg.checkinOnPausedDay, 'conflict'));
    const done = await createCheckin(await at(userId, 3), checkin);
    expect(done.checkin.dayNumber).toBe(2);
    const today = await getToday(await at(userId, 3));
    expect(today.cycle).toMatchObject({ paused: false, pausedDates: [dateOfDay(2)], streak: 2 });
  });
});

describe('the streak mode', () => {
  it('changes only in the cycle’s first 3 days, and not to strict with a pause planned', async () => {
    const { userId } = await member();
    expect((await setStreakMode(await at(userId, 3), { mode: 'strict' })).cycle).toMatchObject({
      mode: 'strict',
      modeChangeableUntil: dateOfDay(3),
    });
    await expect(setStreakMode(await at(userId, 4), { mode: 'forgiving' })).rejects.toEqual(
      refused(msg.streakModeLocked),
    );
    const other = await member();
    await pauseCycle(await at(other.userId, 1), { startDate: dateOfDay(5), days: 2 });
    await expect(setStreakMode(await at(other.userId, 2), { mode: 'strict' })).rejects.toEqual(
      refused(msg.streakModeStrictPaused),
    );
  });
});

describe('rest days', () => {
  it('apply from next Monday in the member’s zone; the week under way keeps its plan', async () => {
    const { userId } = await member();
    // Wednesday 4 November (Day 3): Sundays from Monday the 9th.
    const saved = await setRestDays(await at(userId, 3), { days: ['sun'] });
    expect(saved).toEqual({ current: [], next: { from: '2026-11-09', days: ['sun'] } });
    expect(await getRestDays(await at(userId, 8))).toEqual({ current: ['sun'], next: null });
    // Sunday the 8th (Day 7) is not a rest day, Sunday the 15th (Day 14) is.
    for (let day = 1; day <= 13; day++) await createCheckin(await at(userId, day), checkin);
    const my = await getMyCycle(await at(userId, 16));
    expect(my.days[6].status).toBe('done');
    expect(my.days[13].status).toBe('rest');
    expect(my.stats).toMatchObject({ currentStreak: 13, consistency: 87 }); // 13 of 15
  });
});

describe('the routes', () => {
  it('answer only the signed-in member, and refuse what is not a pause, mode or rest day', async () => {
    const anonymous = t.client();
    for (const [method, path] of [
      ['PUT', '/api/cycle/mode'],
      ['POST', '/api/cycle/pause'],
      ['DELETE', '/api/cycle/pause'],
      ['GET', '/api/settings/rest-days'],
      ['PUT', '/api/settings/rest-days'],
    ])
      expect(
        (await anonymous.request(path, method === 'GET' ? {} : { method, json: {} })).status,
      ).toBe(401);

    const a = await t.member();
    await a.client.request('/api/checkins/today');
    const b = await t.member();
    const send = (json: unknown, path = '/api/cycle/pause', method = 'POST') =>
      b.client.request(path, { method, json });
    const message = async (res: Response) => ((await res.json()) as { message: string }).message;
    const nul = await send({ startDate: '2026-11-30\u0000', days: 2 });
    expect([nul.status, await message(nul)]).toEqual([422, msg.pauseStartInvalid]);
    const forged = await send({ startDate: '2026-11-30', days: 2, cycleId: a.userId });
    expect(forged.status).toBe(422);
    const huge = await send({ startDate: 'x'.repeat(70_000), days: 2 });
    expect(huge.status).toBe(413);
    const many = await send({ days: Array(1000).fill('mon') }, '/api/settings/rest-days', 'PUT');
    expect([many.status, await message(many)]).toEqual([422, msg.restDaysTooMany]);
    const weekday = await send({ days: ['funday'] }, '/api/settings/rest-days', 'PUT');
    expect([weekday.status, await message(weekday)]).toEqual([422, msg.restDaysInvalid]);
    const mode = await send({ mode: 'lenient' }, '/api/cycle/mode', 'PUT');
    expect([mode.status, await message(mode)]).toEqual([422, msg.streakModeInvalid]);
    const days = await send({ startDate: '2026-11-30', days: 8 });
    expect([days.status, await message(days)]).toEqual([422, msg.pauseDaysInvalid]);
    // What b does never touches a's cycle.
    const [mine] = await t.deps.db.select().from(cycles).where(eq(cycles.userId, a.userId));
    expect(mine).toMatchObject({ pausedDays: 0, mode: 'forgiving' });
  });
});
