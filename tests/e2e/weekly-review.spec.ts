import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MyCycleView } from '@shared/api-types';
import { formatNumber } from '@shared/format';
import { signInWithMailedCode, startBuiltServer } from '../../scripts/lighthouse-server.mjs';
import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { failOnConsoleErrors } from './support/console';
import { E2E } from './support/ports';

// Issue 31: the weekly review on seeded history. The shared e2e server starts empty, and history
// cannot be made through the API (a check-in is today's), so this journey runs its own server on
// a data directory seeded as Lighthouse seeds it (30 days, demo1 with proof photos), next port up.

const MEMBER = 'demo1@stackdays.local';
test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 400_000 });

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let dataDir: string;
let cookie: string;

test.beforeAll(async () => {
  test.setTimeout(400_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'stackdays-review-e2e-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const run = (script: string, args: string[] = []) => {
    const done = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      env,
      stdio: 'inherit',
    });
    if (done.status !== 0) throw new Error(`${script} failed`);
  };
  run('scripts/seed-demo.ts', ['--members', '3', '--days', '30', '--fast']);
  run('scripts/seed-review-photos.ts');
  server = await startBuiltServer({
    port: E2E.appPort + 1,
    dataDir,
    env: { SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}` },
  });
  cookie = await signInWithMailedCode(server.url, E2E.mailboxUrl, MEMBER);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(page: Page) {
  await page.context().addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: server.url };
    }),
  );
}

/** The strip and the numbers on screen against My Cycle's check-ins for the same days. */
async function expectWeekMatches(page: Page, cycle: MyCycleView, first: number, last: number) {
  const days = cycle.days.filter((d) => d.day >= first && d.day <= last);
  const strip = page.getByRole('list', { name: 'Days of the week' }).getByRole('listitem');
  await expect(strip).toHaveCount(days.length);
  expect(
    await strip.evaluateAll((items) => items.map((i) => i.getAttribute('data-status'))),
  ).toEqual(days.map((d) => (d.status === 'done' ? 'done' : 'missed')));
  const minutes = days.reduce((sum, d) => sum + d.movedMinutes, 0);
  const steps = days.reduce((sum, d) => sum + d.steps, 0);
  const done = days.filter((d) => d.status === 'done').length;
  await expect(page.getByTestId('review-minutes')).toContainText(formatNumber(minutes));
  await expect(page.getByTestId('review-steps')).toContainText(formatNumber(steps));
  await expect(page.getByTestId('review-checkins')).toContainText(`${done}/${days.length}`);
}

test('a member opens the week’s review from home, checks it against the check-ins, then an earlier week from My Cycle', async ({
  page,
}, info) => {
  const noConsoleErrors = failOnConsoleErrors(page);
  await signedIn(page);
  const cycle = (await (
    await page.request.get(`${server.url}/api/cycle`, { headers: { cookie } })
  ).json()) as MyCycleView;
  expect(cycle.cycle.day).toBe(30);

  await page.goto(`${server.url}/app`);
  await page.getByRole('link', { name: /Your week 4 review is ready/ }).click();
  await expect(page).toHaveURL(/\/app\/review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Week 4 review' })).toBeVisible();
  await expectWeekMatches(page, cycle, 22, 28);
  // The seeded proof photos: the week's, and then-and-now from the first one of the cycle.
  await expect(page.getByRole('heading', { name: 'Then and now' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Proof photo \d of \d, day 2\d$/ })).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('review-week-4-375.png'), fullPage: true });

  await page.goto(`${server.url}/app/cycle`);
  const reviews = page.getByRole('heading', { name: 'Weekly reviews' }).locator('..');
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByText('Opens', { exact: false })).toHaveCount(9); // weeks 5..13
  await reviews.getByRole('link', { name: 'Week 1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Week 1 review' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/review/${cycle.cycle.id}/1$`));
  await expectWeekMatches(page, cycle, 1, 7);
  await expect(page.getByText('your first week').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: info.outputPath('review-week-1-375.png'), fullPage: true });
  noConsoleErrors();
});
