import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { userSettings } from '../../db/schema';
import { setUpTestApp } from '../../testing/test-app';
import { createCrew } from '../crews/service';
import { joinByInvite, newInviteLink } from '../crews/invite-links';
import { chooseOnCrewCycle } from './choice';
import { runCrewCycleJob } from './eve-reminder';
import { scheduleCrewCycle } from './schedule';

// Issue 44: the evening before the crew's Day 1, each member is reminded at their reminder hour in
// their own zone, once, unless they chose to stay on their own cycle.

const t = setUpTestApp();

async function member(displayName: string, timeZone: string, reminderHour: number) {
  const m = await t.member({ displayName, timeZone });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: timeZone, reminderHour })
    .where(eq(userSettings.userId, m.userId));
  return m;
}

const run = (iso: string) => runCrewCycleJob(t.system('crew-cycles', () => new Date(iso)));
const eves = () => t.mails.filter((m) => m.kind === 'crew_cycle_eve');

describe('the evening-before reminder (issue 44)', () => {
  it('reaches each member at their hour on the day before Day 1 in their zone, once, and not one who stays', async () => {
    const denver = await member('Dana', 'America/Denver', 19);
    const tokyo = await member('Taro', 'Asia/Tokyo', 20);
    const stayer = await member('Stella', 'UTC', 5);
    const owner = t.contextFor(denver.userId, { now: new Date('2026-03-01T18:00:00Z') });
    const crew = await createCrew(await owner, { name: 'Dawn Patrol' });
    const { url } = await newInviteLink(await owner, { crewId: crew.id });
    const token = url.split('/crews/join/')[1];
    for (const m of [tokyo, stayer])
      await joinByInvite(await t.contextFor(m.userId, { now: new Date('2026-03-01T18:00:00Z') }), {
        token,
      });
    const { cycle } = await scheduleCrewCycle(await owner, {
      crewId: crew.id,
      startDate: '2026-03-10',
      mode: 'forgiving',
      goalMinutes: null,
    });
    await chooseOnCrewCycle(
      await t.contextFor(stayer.userId, { now: new Date('2026-03-02T12:00:00Z') }),
      { crewId: crew.id, crewCycleId: cycle!.id, choice: 'stay' },
    );
    const before = eves().length;

    // 9 Mar 19:59 in Tokyo (10:59 UTC): Taro's hour is 20.
    expect(await run('2026-03-09T10:59:00Z')).toBe(0);
    expect(await run('2026-03-09T11:00:00Z')).toBe(1);
    expect(
      eves()
        .slice(before)
        .map((m) => [m.to, m.subject]),
    ).toEqual([[tokyo.email, msg.crewCycleReminderTitle('Dawn Patrol')]]);
    // 9 Mar 18:59 in Denver (MDT since 8 Mar: 00:59 UTC on 10 Mar), then 19:00.
    expect(await run('2026-03-10T00:59:00Z')).toBe(0);
    expect(await run('2026-03-10T01:00:00Z')).toBe(1);
    expect(await run('2026-03-10T01:30:00Z')).toBe(0);
    expect(
      eves()
        .slice(before)
        .map((m) => m.to),
    ).toEqual([tokyo.email, denver.email]);
    expect(eves().some((m) => m.to === stayer.email)).toBe(false);
  });
});
