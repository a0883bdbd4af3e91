import type { CrewCycleFinale, CrewInviteLink, MyCrews } from '@shared/api-types';
import { addDays, localDateIn } from '@shared/domain/local-date';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { seededHistoriesServer } from './support/seeded-histories';

// Issue 44: crew cycles on seeded histories (npm run seed:demo -- --histories FILE, a crew's
// "cycleStart" and "mode", a member's "joinedOnDay"). The start date is days from today's date in
// UTC, so the three members who each see their own Day 2 live in zones whose date is UTC's now.
// A crew's goal ("goalMinutes") and proof photos in the audience each member chose ("proofPhotos")
// give the shared bar and the finale's Day 1 beside Day 90. The journey runs its own server
// (support/seeded-histories.ts), at 375 px and 1280 px.

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ serviceWorkers: 'block' });

const now = new Date();
const todayUtc = localDateIn(now, 'UTC');
/** Zones from UTC-10 to UTC+14 whose date is UTC's date now: the first, a middle one, the last. */
const sameDate = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/New_York',
  'America/Sao_Paulo',
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Kiritimati',
].filter((zone) => localDateIn(now, zone) === todayUtc);
const ZONES = [sameDate[0], sameDate[Math.floor(sameDate.length / 2)], sameDate.at(-1)!];

const member = (key: string, timeZone: string, history: string, extra: object = {}) => ({
  email: `${key}@cycles.test`,
  name: `${key[0].toUpperCase()}${key.slice(1)} Cycle`,
  timeZone,
  history,
  ...extra,
});
const HISTORIES = {
  members: [
    // Dawn Patrol started yesterday: Day 1 checked in, today is Day 2 in every member's zone.
    member('ana', ZONES[0], 'x', { mode: 'strict' }),
    member('ben', ZONES[1], 'x', { mode: 'strict' }),
    member('cai', ZONES[2], 'x', { mode: 'strict' }),
    // Late Crew started two days ago; Dee joined on its Day 2.
    member('lou', ZONES[1], 'xx'),
    member('dee', ZONES[1], 'x', { joinedOnDay: 2 }),
    // Early Birds started four days ago: its joining window closed after Day 3.
    member('eve', ZONES[1], 'xxxx'),
    // Not in any crew: opens Early Birds' link.
    member('fay', ZONES[1], 'xxxx'),
    // A crew with no cycle yet, one for each width: its owner schedules one; Jon stays, Kit moves.
    ...[375, 1280].flatMap((width) => [
      member(`ivy${width}`, ZONES[1], 'xxx'),
      member(`jon${width}`, ZONES[1], 'xxx'),
      member(`kit${width}`, ZONES[1], 'xxx'),
    ]),
    // Finish Line's Day 90 is today.
    member('kim', ZONES[1], 'x'.repeat(89)),
    member('max', ZONES[1], `${'x'.repeat(60)}..${'x'.repeat(27)}`),
    // Photo Finish's Day 90 was yesterday: Day 1 and Day 90 proof photos, each where its member
    // shared it. Noor and Ola shared theirs with the community or the crew; Pia kept hers to
    // herself; Quinn shared his with Side Crew, which Noor is not in.
    member('noor', ZONES[1], 'x'.repeat(90), {
      proofPhotos: { '1': 'public', '90': { crew: 'Photo Finish' } },
    }),
    member('ola', ZONES[1], 'x'.repeat(90), {
      proofPhotos: { '1': { crew: 'Photo Finish' }, '90': 'public' },
    }),
    member('pia', ZONES[1], 'x'.repeat(90), { proofPhotos: { '1': 'private', '90': 'private' } }),
    member('quinn', ZONES[1], 'x'.repeat(90), {
      proofPhotos: { '1': { crew: 'Side Crew' }, '90': { crew: 'Side Crew' } },
    }),
    member('rae', ZONES[1], 'x'),
  ],
  crews: [
    {
      name: 'Dawn Patrol',
      owner: 'ana@cycles.test',
      members: ['ben@cycles.test', 'cai@cycles.test'],
      cycleStart: -1,
      mode: 'strict',
      // Set by the owner before the start; each seeded check-in moved 30 minutes.
      goalMinutes: 9000,
    },
    { name: 'Late Crew', owner: 'lou@cycles.test', members: ['dee@cycles.test'], cycleStart: -2 },
    { name: 'Early Birds', owner: 'eve@cycles.test', members: [], cycleStart: -4 },
    ...[375, 1280].map((width) => ({
      name: `New Crew ${width}`,
      owner: `ivy${width}@cycles.test`,
      members: [`jon${width}@cycles.test`, `kit${width}@cycles.test`],
    })),
    {
      name: 'Finish Line',
      owner: 'kim@cycles.test',
      members: ['max@cycles.test'],
      cycleStart: -89,
    },
    {
      name: 'Photo Finish',
      owner: 'noor@cycles.test',
      members: ['ola@cycles.test', 'pia@cycles.test', 'quinn@cycles.test'],
      cycleStart: -90,
      goalMinutes: 12_000,
    },
    { name: 'Side Crew', owner: 'rae@cycles.test', members: ['quinn@cycles.test'] },
  ],
};

const server = seededHistoriesServer('crew-cycles', HISTORIES);
const signIn = (page: Page, key: string) => server.signIn(page, `${key}@cycles.test`);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await server.start();
});

test.afterAll(() => server.stop());

/** A same-origin call from the signed-in page, as the app makes it (the API refuses other origins). */
const call = <T>(page: Page, url: string, method = 'GET') =>
  page.evaluate(async ({ url, method }) => (await fetch(url, { method })).json(), {
    url,
    method,
  }) as Promise<T>;

/** The signed-in member's first crew, on the crews page: its id, read as the app reads it. */
async function openCrew(page: Page, key: string): Promise<string> {
  await signIn(page, key);
  await page.goto(server.url() + pagePath('app-crews'));
  const crewId = (await call<MyCrews>(page, '/api/crews')).crews[0]!.id;
  await page.goto(server.url() + pagePath('app-crew', { crewId }));
  return crewId;
}

const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 900 } });

    test("members in three zones each see their own Day 2, the crew streak, 'Waiting for' and the locked rules", async ({
      page,
    }, info) => {
      for (const [i, key] of ['ana', 'ben', 'cai'].entries()) {
        await openCrew(page, key);
        const cycle = page.getByTestId('crew-cycle');
        await expect(cycle.getByTestId('crew-day')).toHaveText(msg.crewCycleDay(2));
        const board = page.getByRole('region', { name: msg.crewCycleBoard });
        const me = board.getByRole('listitem', {
          name: `${key[0].toUpperCase()}${key.slice(1)} Cycle`,
        });
        // Their own cycle's Day 2, in their own zone (ZONES[i]), and not in yet today.
        await expect(me).toContainText(msg.crewCycleMemberDay(2));
        await expect(me).toContainText(msg.crewCycleToday['not-yet']);
        await expect(me.getByTitle(msg.strictTagLabel)).toBeVisible();
        // Day 1: everyone checked in. Today counts once everyone is in.
        const streak = cycle.getByTestId('crew-streak');
        await expect(streak).toContainText(msg.crewCycleStreakDays(1));
        await expect(streak).toContainText(msg.crewCycleWaitingForYou);
        for (const other of ['Ana', 'Ben', 'Cai'].filter((_, j) => j !== i))
          await expect(streak).toContainText(msg.crewCycleWaitingFor(`${other} Cycle`));
        await expect(streak.getByRole('button', { name: /^Nudge / })).toHaveCount(2);
        // The goal the owner set before the start, one bar for the whole crew: three Day 1
        // check-ins of 30 move minutes.
        const goal = page.getByTestId('crew-goal');
        await expect(goal).toContainText(msg.crewCycleGoalProgress(90, 9000));
        const bar = goal.getByRole('progressbar', { name: msg.crewCycleGoal });
        await expect(bar).toHaveAttribute('aria-valuenow', '90');
        await expect(bar).toHaveAttribute('aria-valuemax', '9000');
        await expect(bar).toHaveAttribute('aria-valuetext', msg.crewCycleGoalProgress(90, 9000));
        // The rules, locked since Day 1 began, in words.
        const rules = cycle.getByTestId('crew-cycle-rules');
        await expect(rules).toContainText(msg.streakModeStrict);
        await expect(rules).toContainText(msg.crewCycleGoalMinutes(9000));
        await expect(rules).toContainText(msg.crewCycleRulesLockedNote);
        await expect(page.getByText(msg.crewCycleChangeRules)).toHaveCount(0);
        await fits(page, width);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({
          path: info.outputPath(`${key}-day-2-${width}.png`),
          fullPage: true,
        });
      }
    });

    test("a late joiner shows as 'joined Day 2' on the board", async ({ page }, info) => {
      await openCrew(page, 'lou');
      await expect(page.getByTestId('crew-day')).toHaveText(msg.crewCycleDay(3));
      const dee = page
        .getByRole('region', { name: msg.crewCycleBoard })
        .getByRole('listitem', { name: 'Dee Cycle' });
      await expect(dee).toContainText(msg.crewCycleJoinedDay(2));
      // Dee's own cycle: Day 2 today, counted from their own first day.
      await expect(dee).toContainText(msg.crewCycleMemberDay(2));
      // The joining window is still open today (Day 3), until its end in each member's zone.
      await expect(page.getByTestId('crew-cycle')).toContainText('New members can join until');
      await fits(page, width);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`late-joiner-${width}.png`), fullPage: true });
    });

    test("after Day 3 the invite says the crew's cycle closed to new members", async ({
      page,
    }, info) => {
      const crewId = await openCrew(page, 'eve');
      const link = await call<CrewInviteLink>(page, `/api/crews/${crewId}/invite`, 'POST');
      await signIn(page, 'fay');
      await page.goto(server.url() + new URL(link.url).pathname);
      await expect(page.getByRole('alert')).toHaveText(msg.crewCycleWindowClosed);
      await expect(page.getByText(msg.crewCycleInviteNoNext)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);
      await fits(page, width);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: info.outputPath(`window-closed-${width}.png`),
        fullPage: true,
      });
    });

    test("an owner schedules the crew's 90 days with a goal; one crewmate stays on their own cycle, one moves at Day 1, and the crew sees both", async ({
      page,
    }, info) => {
      await openCrew(page, `ivy${width}`);
      const cycle = page.getByTestId('crew-cycle');
      await expect(cycle).toContainText(msg.crewCycleNoneOwner);
      await cycle.getByLabel(msg.crewCycleStartLabel).fill(addDays(todayUtc, 7));
      await cycle.getByRole('radio', { name: new RegExp(`^${msg.streakModeStrict}`) }).check();
      await cycle.getByLabel(msg.crewCycleGoalLabel).fill('9,000');
      await cycle.getByRole('button', { name: msg.crewCycleSchedule }).click();
      await expect(
        page.getByText(msg.crewCycleScheduled(formatWeekdayDate(addDays(todayUtc, 7)))),
      ).toBeVisible();
      await expect(cycle).toContainText(msg.crewCycleCountdown(7));
      const rules = cycle.getByTestId('crew-cycle-rules');
      await expect(rules).toContainText(msg.streakModeStrict);
      await expect(rules).toContainText(msg.crewCycleGoalMinutes(9000));
      await expect(rules).toContainText(msg.crewCycleRulesOpen);
      await expect(cycle.getByText(msg.crewCycleChangeRules)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: info.outputPath(`scheduled-owner-${width}.png`),
        fullPage: true,
      });

      await openCrew(page, `jon${width}`);
      const choice = page.getByTestId('crew-cycle-choice');
      await expect(choice).toContainText(msg.crewCycleChoiceTitle);
      await expect(choice).toContainText(
        msg.crewCycleChoiceLead(formatWeekdayDate(addDays(todayUtc, 7))),
      );
      await expect(page.getByText(msg.crewCycleChangeRules)).toHaveCount(0);
      await choice.getByRole('button', { name: msg.crewCycleStay }).click();
      await expect(choice.getByRole('status')).toHaveText(msg.crewCycleYouStay);
      await fits(page, width);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: info.outputPath(`countdown-member-${width}.png`),
        fullPage: true,
      });

      // Kit moves: their own cycle runs on until the crew's Day 1 begins in their zone.
      await openCrew(page, `kit${width}`);
      const kits = page.getByTestId('crew-cycle-choice');
      await kits.getByRole('button', { name: msg.crewCycleMove }).click();
      const confirm = page.getByRole('dialog', { name: msg.crewCycleMoveConfirmTitle });
      await confirm.getByRole('button', { name: msg.crewCycleMove }).click();
      await expect(page.getByText(msg.crewCycleMoving)).toBeVisible();
      await expect(kits.getByRole('status')).toHaveText(msg.crewCycleYouAreMoving);
      await expect(kits.getByRole('button', { name: msg.crewCycleStay })).toBeVisible();
      await expect(kits.getByRole('button', { name: msg.crewCycleMove })).toHaveCount(0);
      await expect(page.getByTestId('crew-cycle')).toContainText(msg.crewCycleCountdown(7));
      const name = (key: string) => `${key[0].toUpperCase()}${key.slice(1)}${width} Cycle`;
      const board = page.getByRole('region', { name: 'Board' });
      await expect(board.getByRole('listitem', { name: name('kit') })).toContainText(
        msg.crewCycleMovingSoon,
      );
      // Still on their own cycle until then: Day 4, as My Cycle says.
      await expect(board.getByRole('listitem', { name: name('kit') })).toContainText(
        msg.cycleDayLabel(4, true),
      );
      await fits(page, width);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: info.outputPath(`moving-member-${width}.png`),
        fullPage: true,
      });

      // The owner's page, reloaded from the server: who moves at Day 1, who stays, who is choosing.
      await openCrew(page, `ivy${width}`);
      const owners = page.getByRole('region', { name: 'Board' });
      await expect(owners.getByRole('listitem', { name: name('kit') })).toContainText(
        msg.crewCycleMovingSoon,
      );
      await expect(owners.getByRole('listitem', { name: name('jon') })).toContainText(
        msg.crewCycleOnOwnCycle,
      );
      await expect(owners.getByRole('listitem', { name: name('ivy') })).toContainText(
        msg.crewCycleUndecided,
      );
      await fits(page, width);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: info.outputPath(`owner-choices-${width}.png`),
        fullPage: true,
      });
    });

    test("on Day 90 the crew opens its finale: each member's consistency and the crew streak", async ({
      page,
    }, info) => {
      await openCrew(page, 'kim');
      await page.getByRole('link', { name: msg.crewCycleFinaleLink }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        msg.crewCycleFinaleTitle('Finish Line'),
      );
      const members = page.getByRole('region', { name: msg.crewCycleFinaleMembers });
      await expect(members.getByRole('listitem', { name: 'Kim Cycle' })).toContainText(
        msg.crewCycleFinaleCheckins(89),
      );
      await expect(members.getByRole('listitem', { name: 'Max Cycle' })).toContainText(
        msg.crewCycleFinaleCheckins(87),
      );
      await expect(page.getByText(msg.crewCycleStreak)).toBeVisible();
      await fits(page, width);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`finale-${width}.png`), fullPage: true });
    });

    test("the finale shows each member's Day 1 beside Day 90 where they shared it, and nothing the crew may not see", async ({
      page,
    }, info) => {
      await openCrew(page, 'noor');
      await page.getByRole('link', { name: msg.crewCycleFinaleLink }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        msg.crewCycleFinaleTitle('Photo Finish'),
      );
      const members = page.getByRole('region', { name: msg.crewCycleFinaleMembers });
      for (const name of ['Noor Cycle', 'Ola Cycle'])
        for (const day of [1, 90]) {
          const photo = members
            .getByRole('listitem', { name })
            .getByRole('img', { name: msg.crewCycleFinalePhotoAlt(name, day) });
          await photo.scrollIntoViewIfNeeded();
          await expect
            .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
            .toBeGreaterThan(0);
        }
      // Pia kept hers to herself; Quinn shared his with a crew Noor is not in.
      for (const name of ['Pia Cycle', 'Quinn Cycle']) {
        const item = members.getByRole('listitem', { name });
        await expect(item).toContainText(msg.crewCycleFinaleCheckins(90));
        await expect(item).toContainText(msg.crewCycleFinaleNoPhotos);
        await expect(item.locator('img')).toHaveCount(0);
      }
      await expect(members.getByRole('img', { name: /^(Pia|Quinn) Cycle on Day/ })).toHaveCount(0);
      // The answer the page read holds them no more than the page does.
      const finale = await call<CrewCycleFinale>(
        page,
        new URL(page.url()).pathname.replace('/app/crews/', '/api/crews/'),
      );
      expect(finale.crewName).toBe('Photo Finish');
      const photos = Object.fromEntries(
        finale.members.map((m) => [m.displayName, [!!m.dayOnePhoto, !!m.dayNinetyPhoto]]),
      );
      expect(photos).toEqual({
        'Noor Cycle': [true, true],
        'Ola Cycle': [true, true],
        'Pia Cycle': [false, false],
        'Quinn Cycle': [false, false],
      });
      // Each shown photo is served to the viewer by its own post's rules.
      for (const m of finale.members)
        for (const photo of [m.dayOnePhoto, m.dayNinetyPhoto].filter((p) => p !== null))
          expect(await page.evaluate(async (url) => (await fetch(url)).status, photo.url)).toBe(
            200,
          );
      // The goal the owner set before the start: 4 members x 90 days x 30 minutes of 12,000.
      await expect(page.getByRole('progressbar', { name: msg.crewCycleGoal })).toHaveAttribute(
        'aria-valuetext',
        msg.crewCycleGoalProgress(10_800, 12_000),
      );
      await fits(page, width);
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: info.outputPath(`finale-photos-${width}.png`),
        fullPage: true,
      });
    });
  });
}
