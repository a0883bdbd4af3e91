import type { MyCycleView } from '@shared/api-types';
import { WEEKDAY_KEYS } from '@shared/constants';
import { isoWeekday, nextMonday } from '@shared/domain/forgiving-streak';
import { addDays, localDateIn } from '@shared/domain/local-date';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { E2E } from './support/ports';
import { seededHistoriesServer } from './support/seeded-histories';

// Issue 43: forgiving streaks on seeded histories (npm run seed:demo -- --histories FILE), at 375 px:
// a grace day, two misses in a row, a streak at risk, a pause and its end, strict mode on the
// boards, and rest days that change from next Monday. The histories end yesterday in UTC, so this
// journey runs its own server on its own data directory.

test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const today = localDateIn(new Date(), 'UTC');
/** The rest day of the rest member: two days ago, which their history marks r. */
const restDay = WEEKDAY_KEYS[isoWeekday(addDays(today, -2)) - 1];
const member = (key: string, history: string, extra: object = {}) => ({
  email: `${key}@streaks.test`,
  name: `${key[0].toUpperCase()}${key.slice(1)} Streaks`,
  timeZone: 'UTC',
  history,
  ...extra,
});
const HISTORIES = {
  members: [
    member('grace', 'xxxxxxxxxx.x'),
    member('twice', 'xxxxx..xx'),
    member('risky', 'xxxxxxxx.'),
    member('pauser', 'xxxx'),
    member('paused', 'xxxppx'),
    member('strict', 'xxxx.xx', { mode: 'strict' }),
    member('rest', 'xxxxxrx', { restDays: [restDay] }),
    member('newbie', 'x'),
  ],
  crews: [{ name: 'Streak Crew', owner: 'grace@streaks.test', members: ['strict@streaks.test'] }],
};

const server = seededHistoriesServer('streaks', HISTORIES, E2E.appPort + 3);
const signIn = (page: Page, key: string) => server.signIn(page, `${key}@streaks.test`);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await server.start();
});

test.afterAll(() => server.stop());

const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
const stat = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('..');

test('a missed day followed by a check-in is forgiven; two in a row end the streak', async ({
  page,
}, info) => {
  await signIn(page, 'grace');
  await page.goto(`${server.url()}/app/cycle`);
  const calendar = page.getByText('90-day calendar').locator('..');
  await expect(calendar.getByText('Day 11, grace day, forgiven', { exact: true })).toHaveCount(1);
  await expect(calendar.getByText(/^Day 10, .*: Checked in$/)).toHaveCount(1);
  await expect(stat(page, 'Current streak')).toContainText('11');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Grace day, forgiven');
  await calendar.scrollIntoViewIfNeeded();
  await fitsPhone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('grace-my-cycle-375.png'), fullPage: true });

  await signIn(page, 'twice');
  await page.goto(`${server.url()}/app/cycle`);
  await expect(page.getByText(/^Day 6, .*: Missed$/)).toHaveCount(1);
  await expect(page.getByText(/^Day 7, .*: Missed$/)).toHaveCount(1);
  await expect(stat(page, 'Current streak')).toContainText('2');
});

test('a streak at risk says so in words on Home and My Cycle', async ({ page }, info) => {
  await signIn(page, 'risky');
  await page.goto(`${server.url()}/app`);
  const risk = page.getByRole('status').filter({ hasText: msg.streakAtRisk });
  await expect(risk).toContainText(`${msg.streakAtRisk}: ${msg.checkInToKeepStreak}.`);
  await fitsPhone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('at-risk-home-375.png'), fullPage: true });
  await page.goto(`${server.url()}/app/cycle`);
  await expect(page.getByRole('status').filter({ hasText: msg.streakAtRisk })).toBeVisible();
  await expect(stat(page, 'Current streak')).toContainText('8');
});

test('a member pauses their cycle from Home, reads until when, and resumes', async ({
  page,
}, info) => {
  await signIn(page, 'pauser');
  await page.goto(`${server.url()}/app`);
  await page.getByRole('button', { name: msg.pauseMyCycle }).click();
  const dialog = page.getByRole('dialog', { name: msg.pauseMyCycle });
  await expect(dialog.getByLabel(msg.pauseStart)).toHaveValue(today);
  await expect(dialog.getByText(msg.pauseDaysLeft(7))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel(msg.pauseDays).selectOption('3');
  await dialog.getByRole('button', { name: msg.pauseSubmit, exact: true }).click();
  const until = msg.pausedUntil(formatWeekdayDate(addDays(today, 2)));
  await expect(page.getByTestId('pause-state')).toHaveText(until);
  // Paused days ask for no check-in: the form waits for the member to come back.
  await expect(page.getByText(msg.todaysCheckin, { exact: true })).toHaveCount(0);
  await fitsPhone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('paused-home-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: info.outputPath('paused-home-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto(`${server.url()}/app/cycle`);
  await expect(page.getByTestId('pause-state')).toHaveText(until);
  await expect(page.getByText(`${formatWeekdayDate(today)}, paused`, { exact: true })).toHaveCount(
    1,
  );
  await page.getByRole('button', { name: msg.pauseResume }).click();
  await expect(page.getByTestId('pause-state')).toHaveCount(0);
  await page.goto(`${server.url()}/app`);
  await expect(page.getByRole('button', { name: msg.pauseMyCycle })).toBeVisible();
});

test('paused days of a seeded history are dimmed, named and no days of the cycle', async ({
  page,
}) => {
  await signIn(page, 'paused');
  const cycle = (await (await page.request.get(`${server.url()}/api/cycle`)).json()) as MyCycleView;
  expect(cycle.cycle.day).toBe(5);
  await page.goto(`${server.url()}/app/cycle`);
  for (const offset of [-3, -2]) {
    const name = `${formatWeekdayDate(addDays(today, offset))}, paused`;
    await expect(page.getByText(name, { exact: true })).toHaveCount(1);
  }
  await expect(stat(page, 'Current streak')).toContainText('4');
  expect(await axeViolations(page)).toEqual([]);
});

test('a strict member carries the Strict tag on the community and crew boards', async ({
  page,
}, info) => {
  await signIn(page, 'strict');
  await page.goto(`${server.url()}/app/community`);
  const row = page.locator('tr', { hasText: 'Strict Streaks' });
  await expect(row.getByText(msg.strictTagLabel)).toHaveCount(1);
  await expect(
    page.locator('tr', { hasText: 'Grace Streaks' }).getByText(msg.strictTagLabel),
  ).toHaveCount(0);
  await fitsPhone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('strict-community-375.png'), fullPage: true });

  await page.goto(`${server.url()}/app/crews`);
  await page
    .getByRole('link', { name: /Streak Crew/ })
    .first()
    .click();
  const line = page.getByRole('listitem', { name: 'Strict Streaks' });
  await expect(line.getByText(msg.strictTagLabel)).toHaveCount(1);
  await expect(line).toContainText('Streak 2');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('strict-crew-375.png'), fullPage: true });
});

test('rest days change from next Monday; the week under way keeps its plan', async ({
  page,
}, info) => {
  await signIn(page, 'rest');
  await page.goto(`${server.url()}/app/cycle`);
  await expect(stat(page, 'Current streak')).toContainText('6');
  await expect(page.getByText(/^Day 6, rest day$/)).toHaveCount(1);

  await page.goto(`${server.url()}/app/settings`);
  const plan = page.getByTestId('rest-days-plan');
  const restName = msg.weekdayNames[restDay];
  await expect(plan).toHaveText(msg.restDaysNow(restName));
  const other = restDay === 'sat' ? 'sun' : 'sat';
  await page.getByRole('button', { name: restName, exact: true }).click();
  await page.getByRole('button', { name: msg.weekdayNames[other], exact: true }).click();
  await page.getByRole('button', { name: msg.restDaysSave }).click();
  const from = formatWeekdayDate(nextMonday(today));
  await expect(plan).toContainText(msg.restDaysNow(restName));
  await expect(plan).toContainText(msg.restDaysFrom(from, msg.weekdayNames[other]));
  await fitsPhone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('rest-days-settings-375.png'), fullPage: true });
});

test('in the first days of a cycle the member chooses strict mode, and strict cannot pause', async ({
  page,
}, info) => {
  await signIn(page, 'newbie');
  await page.goto(`${server.url()}/app`);
  const mode = page.getByRole('group', { name: msg.streakModeHeading });
  const forgiving = mode.getByRole('button', { name: new RegExp(`^${msg.streakModeForgiving}`) });
  const strict = mode.getByRole('button', { name: new RegExp(`^${msg.streakModeStrict}`) });
  await expect(forgiving).toHaveAttribute('aria-pressed', 'true');
  await expect(mode).toContainText(msg.streakModeChangeUntil(formatWeekdayDate(addDays(today, 1))));
  await expect(page.getByRole('button', { name: msg.pauseMyCycle })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await strict.click();
  await expect(page.getByText(msg.streakModeSaved(true))).toBeVisible();
  await expect(strict).toHaveAttribute('aria-pressed', 'true');
  await expect(forgiving).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: msg.pauseMyCycle })).toHaveCount(0);
  await fitsPhone(page);
  await page.screenshot({ path: info.outputPath('mode-choice-375.png'), fullPage: true });
});
