import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FeedPage, TodayResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { expect, test, type Page } from './support/test';
import { signUpAndVerify, uniqueEmail } from './support/codes';

// The member screens rendered on the server with the member's data (decision 0031): they show at
// once, the app loads on the member's first press, tap or key, and what was pressed or typed meanwhile
// carries over. No service worker here: it would answer /app from its cached shell (decision 0023).
test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });

let mediaDir: string;
test.beforeAll(() => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'stackdays-member-screens-'));
});
test.afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

/** Records whether the app's own script (main.tsx's chunk) was asked for. */
function watchApp(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/main-[\w-]+\.js$/.test(request.url())) asked.push(request.url());
  });
  return () => asked.length > 0;
}

const served = (page: Page) => page.locator('#root[data-prerendered="member"]');

test("the feed arrives rendered with the member's posts; a like pressed before the app loads counts once", async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('served-feed', info), 'Ari Served');
  // Markup in a journal is text, in the page and in the answers the page carries.
  const journal = 'Hill sprints </script><img src=x onerror="window.__xss=1"> done.';
  const created = await page.request.post('/api/checkins', {
    data: {
      movedMinutes: 25,
      steps: 4100,
      proteinTargetHit: true,
      hydrationGoalHit: false,
      journalMd: journal,
    },
  });
  expect(created.status()).toBe(201);

  const appLoaded = watchApp(page);
  await page.goto('/app/feed');
  await expect(served(page)).toBeAttached();
  const post = page.getByRole('article').filter({ hasText: 'Hill sprints' }).first();
  // Markdown without raw HTML (as in the app): the tags are dropped, nothing runs.
  await expect(post).toContainText('Hill sprints');
  await expect(post.locator('img[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // The queries the page carries (dehydrated) hold the journal as written.
  const carried = await page.evaluate(
    () => document.getElementById('stackdays-served')?.textContent ?? '',
  );
  const feedQuery = (
    JSON.parse(carried) as { queries: Array<{ queryHash: string; state: { data: unknown } }> }
  ).queries.find((query) => query.queryHash === '["feed","community"]');
  // Other journeys post at the same moment: find this member's post, not the newest one.
  const carriedPosts = (feedQuery?.state.data as { pages: FeedPage[] }).pages[0].posts;
  expect(carriedPosts.map((p) => p.caption)).toContain(journal);
  await page.waitForLoadState('networkidle');
  expect(appLoaded(), 'the app waits for the first intent').toBe(false);
  await page.screenshot({ path: info.outputPath('served-feed-375.png') });

  const like = post.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(served(page)).not.toBeAttached();
  expect(appLoaded()).toBe(true);
  await expect
    .poll(async () => {
      const feed = (await (await page.request.get('/api/feed')).json()) as FeedPage;
      return feed.posts.find((p) => p.caption?.includes('Hill sprints'))?.likeCount;
    })
    .toBe(1);

  // Served again: the like is the server's now.
  await page.reload();
  await expect(served(page)).toBeAttached();
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: 'Hill sprints' })
      .first()
      .getByRole('button', { name: /^Like/ }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test("today's check-in filled in on the served home, photo included, before the app loaded, is made once", async ({
  page,
}, info) => {
  const file = path.join(mediaDir, 'served-proof.png');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a3e635' } })
    .png()
    .toFile(file);
  await signUpAndVerify(page.request, uniqueEmail('served-home', info), 'Bo Served');

  await page.goto('/app');
  await expect(served(page)).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Day 1' })).toBeVisible();
  const form = page.getByRole('form', { name: "Today's Check-in" });
  // Typed and chosen at once, on the server's markup: the app takes the values and the photo over.
  await form.getByLabel('Move minutes').fill('42');
  await form.getByLabel('Steps').fill('7300');
  await form.locator('input[type="file"]').setInputFiles([file]);
  await expect(form.getByRole('list', { name: 'Chosen media' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(form.getByLabel('Move minutes')).toHaveValue('42');
  await form.getByRole('button', { name: 'Complete Check-in' }).click();
  await expect(page.getByRole('region', { name: "Today's Check-in Complete!" })).toBeVisible();

  const today = (await (await page.request.get('/api/checkins/today')).json()) as TodayResponse;
  expect(today.checkin).toMatchObject({ movedMinutes: 42, steps: 7300, dayNumber: 1 });
  expect(today.checkin!.media).toHaveLength(1);
  const feed = (await (await page.request.get('/api/feed')).json()) as FeedPage;
  const { user } = (await (await page.request.get('/api/account/session')).json()) as {
    user: { userId: string };
  };
  expect(feed.posts.filter((p) => p.author.id === user.userId)).toHaveLength(1);

  // Served again: the summary, not the form.
  await page.reload();
  await expect(served(page)).toBeAttached();
  await expect(page.getByRole('region', { name: "Today's Check-in Complete!" })).toBeVisible();
  await expect(form).toHaveCount(0);
});

test('the account menu opens from the served markup, and signing out leaves the member area', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('served-menu', info), 'Cy Served');
  await page.goto('/app/cycle');
  await expect(served(page)).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'My Cycle' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText(msg.signedOut)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Signed out: /app is the shell again, and the guard sends the visitor to sign in.
  await page.goto('/app/cycle');
  await expect(page).toHaveURL(/\/signin$/);
});
