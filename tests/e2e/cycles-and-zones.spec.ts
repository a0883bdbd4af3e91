import type { CheckinView, FeedPage } from '@shared/api-types';
import { formatDateTime, formatTime } from '@shared/format';
import { msg } from '@shared/messages';
import { expect, test, type Page } from './support/test';
import { signUpAndVerify, uniqueEmail } from './support/codes';

// Issue 25, items 5 to 8: a new cycle on a day already checked in (decision 0032), and one time zone
// per member, in which every time is written, on the server and in the app alike (decision 0033). The
// e2e server runs with TZ=UTC (support/global-setup.ts); the member and their browser are in Los
// Angeles. No service worker: it would answer /app from its cached shell (decision 0023).
const ZONE = 'America/Los_Angeles';
test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block', timezoneId: ZONE });

const served = (page: Page) => page.locator('#root[data-prerendered="member"]');
const checkin = {
  movedMinutes: 20,
  steps: 5100,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: 'Zone check',
};

async function checkIn(page: Page): Promise<CheckinView> {
  const res = await page.request.post('/api/checkins', { data: checkin });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { checkin: CheckinView }).checkin;
}

/** Loads the app over the served markup (a key press is an intent) and waits until it has the page. */
async function takeOver(page: Page) {
  await page.keyboard.press('Shift');
  await expect(served(page)).not.toBeAttached();
}

async function shots(page: Page, name: string, path: (file: string) => string) {
  await page.screenshot({ path: path(`${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

test("the served home and feed write times in the member's zone, the same as the app after it loads", async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('zone-times', info), 'Lu Zone', {
    timeZone: ZONE,
  });
  const made = await checkIn(page);
  const checkedInAt = `checked in at ${formatTime(made.createdAt, ZONE)}`;
  const editUntil = `You can edit until ${formatTime(made.editableUntil, ZONE)}.`;

  // The feed first, while the post is surely on its first page: other journeys post meanwhile.
  await page.goto('/app/feed');
  await expect(served(page)).toBeAttached();
  const feed = (await (await page.request.get('/api/feed')).json()) as FeedPage;
  const post = feed.posts.find((p) => p.caption === 'Zone check')!;
  const exact = formatDateTime(post.createdAt, ZONE);
  const time = page
    .getByRole('article')
    .filter({ hasText: 'Zone check' })
    .first()
    .locator('time')
    .first();
  await expect(time).toHaveAttribute('title', exact);
  await takeOver(page);
  await expect(time).toHaveAttribute('title', exact);
  await page.goto('/app');
  await expect(served(page)).toBeAttached();
  const summary = page.getByRole('region', { name: "Today's Check-in Complete!" });
  await expect(summary).toContainText(checkedInAt);
  await expect(summary).toContainText(editUntil);
  await expect(page.getByText(msg.dayCountedIn('Pacific Time (Los Angeles)'))).toBeVisible();
  await shots(page, 'home-served', (f) => info.outputPath(f));
  await takeOver(page);
  await expect(summary).toContainText(checkedInAt);
  await expect(summary).toContainText(editUntil);
});

test('Start New Cycle on a day already checked in starts Day 1 tomorrow, and nothing asks for a check-in today', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('cycle-tomorrow', info), 'Mo Restart', {
    timeZone: ZONE,
  });
  await checkIn(page);

  await page.goto('/app/cycle');
  await page.getByRole('button', { name: msg.startNewCycle }).click();
  await page.getByRole('dialog').getByRole('button', { name: msg.startNewCycle }).click();
  await expect(page.getByText(msg.cycleReset)).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Your new cycle starts tomorrow' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Today's check-in counts for your previous cycle.");
  // My Cycle offers no check-in today: no nudge, no "Not yet", no day ringed as today.
  await expect(page.getByText('Check in today')).toHaveCount(0);
  await expect(page.getByText('Not yet')).toHaveCount(0);
  await expect(page.locator('li[title$="· Today"]')).toHaveCount(0);
  await expect(page.locator('li[title^="Day 1 ·"]')).toHaveAttribute('title', /Upcoming$/);
  await shots(page, 'cycle-starts-tomorrow', (f) => info.outputPath(f));

  // Home agrees: today is done, and the new cycle's Day 1 is tomorrow.
  await page.goto('/app');
  await expect(page.getByRole('region', { name: "Today's Check-in Complete!" })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your new cycle starts tomorrow' }),
  ).toBeVisible();
  await shots(page, 'home-starts-tomorrow', (f) => info.outputPath(f));
});

test('one time zone: shown on the profile, chosen in Settings, the one My Cycle counts the day in', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('one-zone', info), 'Jo Zone', { timeZone: ZONE });
  // The Day-1 Health Intake would open over the profile: not what this journey is about.
  expect((await page.request.post('/api/profile/intake/skip')).ok()).toBe(true);

  await page.goto('/app/profile');
  const profile = page.getByRole('form', { name: 'Public profile' });
  await expect(profile).toContainText('Pacific Time (Los Angeles)');
  await expect(page.getByLabel('Home time zone')).toHaveCount(0);
  await shots(page, 'profile-zone', (f) => info.outputPath(f));

  await profile.getByRole('link', { name: msg.changeTimeZoneInSettings }).click();
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(ZONE);
  await expect(page.getByText(msg.timeZoneHelp)).toBeVisible();
  await shots(page, 'settings-zone', (f) => info.outputPath(f));

  await page.goto('/app/cycle');
  await expect(page.getByText('Pacific Time (Los Angeles)')).toBeVisible();
});

test("the server's first paint of each member screen is what the app shows once it has loaded, in the member's zone", async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('zone-paint', info), 'Ona Paint', {
    timeZone: ZONE,
  });
  await checkIn(page);
  /**
   * What the member reads of the screen (the shell's navigation and the screen itself). The feed's
   * times are compared by the test above: its posts change as other journeys post.
   */
  const shown = () => page.locator('#root').innerText();
  for (const path of ['/app', '/app/cycle']) {
    await page.goto(path);
    await expect(served(page)).toBeAttached();
    const firstPaint = await shown();
    await takeOver(page);
    // The app's reads of the same data behind the screen have landed too.
    await page.waitForLoadState('networkidle');
    expect(await shown(), path).toBe(firstPaint);
  }
});
