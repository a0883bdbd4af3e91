import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FeedPage, TodayResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { expect, test, type Page } from './support/test';
import { signUpAndVerify, uniqueEmail } from './support/codes';

// The installable app and the offline check-in (decision 0023). The service worker needs one online
// load to install; Playwright's setOffline then cuts the page and the worker off alike.

test.use({ viewport: { width: 375, height: 812 } });

let mediaDir: string;
test.beforeAll(() => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'stackdays-offline-'));
});
test.afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

async function photo(name: string): Promise<string> {
  const file = path.join(mediaDir, name);
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f97316' } })
    .png()
    .toFile(file);
  return file;
}

/** Waits until the one service worker controls this page (so it also answers the next loads). */
async function controlledByWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
}

async function fillCheckin(page: Page, file: string) {
  const form = page.getByRole('form', { name: "Today's Check-in" });
  await form.getByLabel('Move minutes').fill('35');
  await form.getByLabel('Steps').fill('6400');
  await form.getByLabel('Journal', { exact: true }).fill('Park loop, no signal.');
  await form.locator('input[type="file"]').setInputFiles([file]);
  await expect(form.getByRole('list', { name: 'Chosen media' }).getByRole('listitem')).toHaveCount(
    1,
  );
  return form.getByRole('button', { name: 'Complete Check-in' });
}

test('the manifest makes the app installable, starting at /app', async ({ page }) => {
  await page.goto('/app');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'StackDays',
    short_name: 'StackDays',
    start_url: '/app',
    display: 'standalone',
    theme_color: '#0f172a',
  });
  const purposes = manifest.icons.map((icon: { purpose?: string }) => icon.purpose ?? 'any');
  expect(purposes).toContain('maskable');
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await page.request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
});

test('a check-in made offline, with a photo, waits on the phone and is sent exactly once', async ({
  page,
  context,
}, info) => {
  const file = await photo('offline-proof.png');
  await signUpAndVerify(page.request, uniqueEmail('offline', info), 'Robin');
  await page.goto('/app');
  await expect(page.getByRole('form', { name: "Today's Check-in" })).toBeVisible();
  await controlledByWorker(page);

  // A second tab, open on the form too: the member submits in both while offline.
  const other = await context.newPage();
  await other.goto('/app');
  await expect(other.getByRole('form', { name: "Today's Check-in" })).toBeVisible();

  await context.setOffline(true);
  const submitHere = await fillCheckin(page, file);
  const submitThere = await fillCheckin(other, file);
  // Each tab hears the other's queue: once one check-in waits, the other tab shows it in place of its
  // form, so the later click may find no button left. That is the behaviour wanted; what counts is
  // that one check-in waits (below) and exactly one reaches the server.
  const press = (button: typeof submitHere) => button.click({ timeout: 10_000 }).catch(() => {});
  await Promise.all([press(submitHere), press(submitThere)]);

  const waiting = page.getByTestId('queued-checkin');
  await expect(waiting.getByRole('heading', { name: msg.checkinWaitingTitle })).toBeVisible();
  await expect(waiting.getByRole('status')).toHaveText(msg.checkinWaitingBody);
  await expect(
    waiting.getByRole('list', { name: 'Photos and videos waiting to send' }).getByRole('img'),
  ).toHaveCount(1);
  await expect(other.getByTestId('queued-checkin')).toBeVisible();
  await page.screenshot({ path: info.outputPath('offline-checkin-waiting-375.png') });
  // Nothing reached the server.
  const before = (await (await page.request.get('/api/checkins/today')).json()) as TodayResponse;
  expect(before.checkin).toBeNull();

  // Reloaded with no network: the app still opens, and the check-in still waits.
  await other.close();
  await page.reload();
  await expect(page.getByTestId('queued-checkin')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Day 1' })).toBeVisible();

  // Back online: it is sent, once, with its photo.
  await context.setOffline(false);
  await expect(page.getByText(msg.checkinQueuedSent)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: "Today's Check-in Complete!" })).toBeVisible();

  const today = (await (await page.request.get('/api/checkins/today')).json()) as TodayResponse;
  expect(today.checkin).toMatchObject({ movedMinutes: 35, steps: 6400, dayNumber: 1 });
  expect(today.checkin!.localDate).toBe(today.cycle.today);
  expect(today.checkin!.media).toHaveLength(1);
  expect(today.checkin!.media[0]).toMatchObject({ mediaType: 'image' });
  const served = await page.request.get(today.checkin!.media[0].url);
  expect(served.status()).toBe(200);

  const feed = (await (await page.request.get('/api/feed')).json()) as FeedPage;
  const mine = feed.posts.filter((post) => post.author.displayName === 'Robin');
  const ours = mine.filter((post) => post.caption?.includes('Park loop'));
  expect(ours).toHaveLength(1);
  expect(ours[0].media).toHaveLength(1);
});

test('the feed read offline shows the last page seen, marked as offline', async ({
  page,
  context,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('offline-feed', info), 'Quinn');
  const created = await page.request.post('/api/checkins', {
    data: {
      movedMinutes: 20,
      steps: 3000,
      proteinTargetHit: true,
      hydrationGoalHit: true,
      journalMd: 'Quinn was here before the tunnel.',
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/app/feed');
  await expect(page.getByText('Quinn was here before the tunnel.').first()).toBeVisible();
  await controlledByWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: msg.feedOfflineNotice })).toBeVisible();
  await expect(page.getByText('Quinn was here before the tunnel.').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('offline-feed-375.png') });
  await context.setOffline(false);
});
