import { describe, expect, it } from 'vitest';
import { localHourIn } from '../../queries/time-zone';
import { reminderDue, secondsPastHour, type ReminderState } from './reminder-due';

const base: ReminderState = {
  timeZone: 'America/Denver',
  reminderHour: 19,
  lastCheckinDate: null,
  lastReminderDate: null,
};

describe('is a reminder due', () => {
  it('is owed later today before the member’s hour, and not once it is sent or the check-in is in', () => {
    const morning = new Date('2026-06-09T15:00:00Z'); // 09:00 June 9 in Denver
    expect(reminderDue(base, morning)).toEqual({
      due: false,
      later: true,
      localDate: '2026-06-09',
    });
    expect(reminderDue({ ...base, lastCheckinDate: '2026-06-09' }, morning).later).toBe(false);
    expect(reminderDue({ ...base, lastReminderDate: '2026-06-09' }, morning).later).toBe(false);
    expect(reminderDue(base, new Date('2026-06-10T01:00:00Z')).later).toBe(false);
  });

  it('comes at the reminder hour in the member’s own zone, not the server’s', () => {
    // 2026-06-10 01:00 UTC is 19:00 on June 9 in Denver (MDT, UTC-6) and 03:00 in Berlin.
    const at = new Date('2026-06-10T01:00:00Z');
    expect(reminderDue(base, at)).toEqual({ due: true, later: false, localDate: '2026-06-09' });
    expect(reminderDue({ ...base, timeZone: 'Europe/Berlin' }, at).due).toBe(false);
    expect(reminderDue(base, new Date('2026-06-10T00:59:59Z')).due).toBe(false);
  });

  it('a zone east of UTC gets it on its own date', () => {
    // 10:00 UTC is 19:00 in Tokyo on the same date, 20:00 in Sydney (AEST).
    const at = new Date('2026-06-10T10:00:00Z');
    expect(reminderDue({ ...base, timeZone: 'Asia/Tokyo' }, at)).toEqual({
      due: true,
      later: false,
      localDate: '2026-06-10',
    });
    expect(reminderDue({ ...base, timeZone: 'Asia/Kolkata', reminderHour: 16 }, at).due).toBe(
      false, // 15:30 in India
    );
  });

  it('not once today’s check-in is in, nor twice on one date', () => {
    const at = new Date('2026-06-10T02:00:00Z'); // 20:00 June 9 in Denver
    expect(reminderDue({ ...base, lastCheckinDate: '2026-06-09' }, at).due).toBe(false);
    expect(reminderDue({ ...base, lastReminderDate: '2026-06-09' }, at).due).toBe(false);
    // Yesterday's check-in and yesterday's reminder do not count for today.
    expect(
      reminderDue({ ...base, lastCheckinDate: '2026-06-08', lastReminderDate: '2026-06-08' }, at)
        .due,
    ).toBe(true);
  });

  it('catches up later the same evening, but a missed day is never sent after midnight', () => {
    // 23:30 June 9 in Denver: still due for June 9.
    expect(reminderDue(base, new Date('2026-06-10T05:30:00Z'))).toEqual({
      due: true,
      later: false,
      localDate: '2026-06-09',
    });
    // 00:30 June 10 in Denver: June 9 is gone, and June 10's hour has not come.
    expect(reminderDue(base, new Date('2026-06-10T06:30:00Z'))).toEqual({
      due: false,
      later: true,
      localDate: '2026-06-10',
    });
  });

  it('keeps the wall-clock hour across the spring-forward change (US, 8 March 2026)', () => {
    // Before the change 19:00 MST = 02:00 UTC; after it 19:00 MDT = 01:00 UTC.
    expect(localHourIn(new Date('2026-03-07T02:00:00Z'), 'America/Denver')).toBe(19);
    expect(reminderDue(base, new Date('2026-03-09T01:00:00Z'))).toEqual({
      due: true,
      later: false,
      localDate: '2026-03-08',
    });
    expect(reminderDue(base, new Date('2026-03-09T00:59:00Z')).due).toBe(false);
  });

  it('keeps the wall-clock hour across the fall-back change (EU, 25 October 2026)', () => {
    const berlin = { ...base, timeZone: 'Europe/Berlin', reminderHour: 7 };
    // On the day of the change 07:00 CET = 06:00 UTC (the day has 25 hours).
    expect(reminderDue(berlin, new Date('2026-10-25T05:59:00Z')).due).toBe(false);
    expect(reminderDue(berlin, new Date('2026-10-25T06:00:00Z'))).toEqual({
      due: true,
      later: false,
      localDate: '2026-10-25',
    });
    // The day before, 07:00 CEST = 05:00 UTC.
    expect(reminderDue(berlin, new Date('2026-10-24T05:00:00Z')).due).toBe(true);
  });

  it('refuses an unknown zone loudly (the job skips that member and logs it)', () => {
    expect(() => reminderDue({ ...base, timeZone: 'Mars/Olympus' }, new Date())).toThrow(
      RangeError,
    );
  });
});

describe('the reminder lag', () => {
  it('counts from the reminder hour on the member’s own clock', () => {
    // 01:12:30 UTC on June 10 is 19:12:30 on June 9 in Denver (MDT) and 03:12:30 in Berlin.
    const at = new Date('2026-06-10T01:12:30Z');
    expect(secondsPastHour(at, 'America/Denver', 19)).toBe(12 * 60 + 30);
    expect(secondsPastHour(at, 'America/Denver', 17)).toBe(2 * 3600 + 12 * 60 + 30);
    // India is half an hour off the hour: 06:42:30, 42 minutes past a 6 AM reminder.
    expect(secondsPastHour(at, 'Asia/Kolkata', 6)).toBe(42 * 60 + 30);
    // Before the hour (never reminded then) counts as no lag.
    expect(secondsPastHour(at, 'Europe/Berlin', 7)).toBe(0);
  });
});
