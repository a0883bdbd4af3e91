import type { FeedPost, MyCrews, ProgressPhotosView } from '@shared/api-types';
import sharp from 'sharp';
import { GHOST_GUIDE_OPACITY } from '@shared/constants';
import { msg } from '@shared/messages';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lighthouse-server.mjs';
import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { seededHistoriesServer } from './support/seeded-histories';

// Issue 46: progress photos on a seeded history (npm run seed:demo -- --histories FILE) whose
// `photos` put front photos on Days 1, 30 and 60: the calendar's marks, compare 1 against 60 then 30
// (side by side and the slider, by keyboard), the time-lapse's frames in order, a collage shared
// with a crew and refused to an outsider, and the camera (Chromium's fake one) with Day 1's photo
// laid over it. The history ends yesterday in UTC: the member's today is Day 61.

test.use({
  viewport: { width: 375, height: 812 },
  serviceWorkers: 'block',
  permissions: ['camera'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const person = (key: string, extra: object = {}) => ({
  email: `${key}@photos.test`,
  name: `${key[0].toUpperCase()}${key.slice(1)} Photos`,
  timeZone: 'UTC',
  history: 'x'.repeat(60),
  ...extra,
});
const HISTORIES = {
  members: [
    person('pia', { photos: { '1': 'front', '30': 'front', '60': 'front' } }),
    person('cam', { history: 'xxxx' }),
    person('olly', { history: 'xxxx' }),
  ],
  crews: [{ name: 'Photo Crew', owner: 'pia@photos.test', members: ['cam@photos.test'] }],
};

const server = seededHistoriesServer('photos', HISTORIES);
const signIn = (page: Page, key: string) => server.signIn(page, `${key}@photos.test`);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await server.start();
});

test.afterAll(() => server.stop());

/** A same-origin call from the page, as the app makes it (the API refuses other origins). */
const call = (page: Page, url: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(
    async ({ url, init }) => {
      const res = await fetch(url, {
        method: init.method ?? 'GET',
        headers: init.body ? { 'content-type': 'application/json' } : {},
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return {
        status: res.status,
        body: res.headers.get('content-type')?.includes('json') ? await res.json() : null,
      };
    },
    { url, init },
  );

const photo = (page: Page, day: number) =>
  page.getByRole('img', { name: `Day ${day}, front progress photo`, exact: true });
/** The image has arrived and decoded: the owner was served it. */
const loaded = (page: Page, name: string) =>
  expect
    .poll(() =>
      page
        .getByRole('img', { name, exact: true })
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
/**
 * The page arrives rendered by the server (decision 0031); the app takes it over on the member's
 * first key, press or focus, as it does here.
 */
async function takeOver(page: Page) {
  await expect(page.locator('#root')).toBeAttached();
  await page.keyboard.press('Shift');
  await expect(page.locator('#root[data-prerendered="member"]')).not.toBeAttached();
}
const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test('the photo days, Day 1 against Day 60 then Day 30, and the slider by keyboard', async ({
  page,
}, info) => {
  await signIn(page, 'pia');
  await page.goto(`${server.url()}/app/cycle`);
  await page.getByRole('link', { name: msg.photosTab }).click();
  await expect(page).toHaveURL(/\/app\/cycle\/photos$/);
  await takeOver(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg.progressPhotosTitle);

  const calendar = page.getByRole('list', { name: msg.progressCalendarTitle });
  for (const day of [1, 30, 60])
    await expect(
      calendar.getByText(`Day ${day}, progress photo, front`, { exact: true }),
    ).toHaveCount(1);
  await expect(calendar.getByText(/progress photo/)).toHaveCount(3);

  // Compare: Day 1 beside the newest (Day 60) without a tap, each named by its Day.
  const compare = page.getByRole('heading', { name: msg.compareTitle }).locator('..').locator('..');
  await expect(compare.getByLabel(msg.compareFirst)).toHaveValue(/.+/);
  await expect(photo(page, 1).first()).toBeVisible();
  await expect(photo(page, 60).first()).toBeVisible();
  await loaded(page, 'Day 60, front progress photo');
  // Each photo is captioned with its Day and date.
  await expect(compare.locator('figcaption')).toHaveText([/^Day 1 · /, /^Day 60 · /]);
  await compare.getByLabel(msg.compareSecond).selectOption({ label: 'Day 30 · Front' });
  await expect(compare.getByRole('img', { name: 'Day 30, front progress photo' })).toBeVisible();
  await expect(compare.getByRole('img', { name: 'Day 60, front progress photo' })).toHaveCount(0);
  await fitsPhone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('photos-compare-375.png'), fullPage: true });

  // The slider: Day 30 over Day 1, moved by the keyboard, saying what it shows.
  await compare.getByRole('button', { name: msg.compareSlider }).click();
  await expect(compare.getByRole('button', { name: msg.compareSlider })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const slider = compare.getByRole('slider', { name: msg.compareSliderLabel(1, 30) });
  await expect(slider).toHaveAttribute('aria-valuetext', msg.compareSliderValue(1, 30, 50));
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', msg.compareSliderValue(1, 30, 60));
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuetext', msg.compareSliderValue(1, 30, 0));
  await expect(compare.getByRole('img', { name: 'Day 1, front progress photo' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await compare.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('photos-slider-375.png') });
});

test('the time-lapse plays the front photos in day order', async ({ page }, info) => {
  await signIn(page, 'pia');
  await page.goto(`${server.url()}/app/cycle/photos`);
  await takeOver(page);
  const lapse = page.getByRole('heading', { name: msg.timeLapseTitle }).locator('..');
  const caption = lapse.locator('figcaption');
  await expect(caption).toContainText(msg.timeLapseFrame(1, 3, 1));
  await expect(lapse.getByRole('img', { name: 'Day 1, front progress photo' })).toBeVisible();
  // By keyboard, frame by frame.
  const scrubber = lapse.getByRole('slider', { name: msg.timeLapseTitle });
  await scrubber.focus();
  await page.keyboard.press('ArrowRight');
  await expect(scrubber).toHaveAttribute('aria-valuetext', msg.timeLapseFrame(2, 3, 30));
  await expect(lapse.getByRole('img', { name: 'Day 30, front progress photo' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lapse.getByRole('img', { name: 'Day 60, front progress photo' })).toBeVisible();
  await page.keyboard.press('Home');
  // Played: every frame comes in order, then it starts again; paused, it stays.
  await lapse.getByLabel(msg.timeLapseSpeed).selectOption(String(250));
  const seen = await page.evaluate(async () => {
    const figure = [...document.querySelectorAll('figcaption')].find((f) =>
      f.textContent?.startsWith('Photo '),
    )!;
    const days: string[] = [];
    const observer = new MutationObserver(() => {
      const day = /Day (\d+)/.exec(figure.textContent ?? '')?.[1];
      if (day && days.at(-1) !== day) days.push(day);
    });
    observer.observe(figure, { childList: true, subtree: true, characterData: true });
    (document.querySelector('button[aria-label="Play"]') as HTMLButtonElement).click();
    await new Promise((resolve) => setTimeout(resolve, 1600));
    observer.disconnect();
    return days;
  });
  expect(seen.slice(0, 4)).toEqual(['30', '60', '1', '30']);
  await lapse.getByRole('button', { name: msg.timeLapsePause }).click();
  const stopped = await caption.textContent();
  await page.waitForTimeout(600);
  expect(await caption.textContent()).toBe(stopped);
  await lapse.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('photos-time-lapse-375.png') });
});

test('a collage shared with the crew reaches it, and an outsider gets a 404', async ({
  page,
}, info) => {
  await signIn(page, 'pia');
  await page.goto(`${server.url()}/app/cycle/photos`);
  await takeOver(page);
  const compare = page.getByRole('heading', { name: msg.compareTitle }).locator('..').locator('..');
  await compare.getByLabel(msg.compareSecond).selectOption({ label: 'Day 60 · Front' });
  await compare.getByRole('button', { name: msg.shareCollage }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(msg.shareCollageLead(1, 60));
  await expect(dialog.getByLabel('Who sees this')).toHaveValue('only_me');
  await dialog.getByLabel('Who sees this').selectOption({ label: 'Crew: Photo Crew' });
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('photos-collage-dialog-375.png') });
  await dialog.getByRole('button', { name: msg.shareCollage }).click();
  await expect(page.getByText(msg.collageShared)).toBeVisible();
  await expect(dialog).toBeHidden();

  const crews = (await call(page, '/api/crews')).body as MyCrews;
  const own = (await call(page, '/api/progress-photos')).body as ProgressPhotosView;
  const photoUrls = own.photos.map((p) => p.url);
  expect(photoUrls).toHaveLength(3);
  const crewId = crews.crews.find((c) => c.name === 'Photo Crew')!.id;
  // The crewmate sees the post and its image, captioned with its two days.
  await signIn(page, 'cam');
  const feed = (await call(page, `/api/crews/${crewId}/feed`)).body as { posts: FeedPost[] };
  const post = feed.posts.find((p) => p.caption === msg.collageCaption(1, 60))!;
  expect(post.media).toHaveLength(1);
  const collageUrl = post.media[0].url;
  expect((await call(page, collageUrl)).status).toBe(200);
  // The photos the collage was made of stay Pia's alone, crewmate or not.
  for (const url of photoUrls) expect((await call(page, url)).status).toBe(404);
  await page.goto(`${server.url()}/app/crews/${crewId}`);
  const image = page.getByRole('img', { name: /photo/i }).first();
  await expect(image).toBeVisible();
  await page.screenshot({
    path: info.outputPath('photos-collage-in-crew-375.png'),
    fullPage: true,
  });

  await signIn(page, 'olly');
  await page.goto(`${server.url()}/app`);
  expect((await call(page, collageUrl)).status).toBe(404);
  for (const url of photoUrls) expect((await call(page, url)).status).toBe(404);
  expect((await call(page, `/api/crews/${crewId}/feed`)).status).toBeGreaterThanOrEqual(400);
});

test("the check-in form's switch makes the first photo a progress photo, the crew sees the rest", async ({
  page,
}, info) => {
  await signIn(page, 'cam');
  await page.goto(`${server.url()}/app`);
  await takeOver(page);
  const form = page.getByRole('form', { name: "Today's Check-in" });
  await form.getByLabel('Move minutes').fill('25');
  await form.getByLabel('Steps').fill('5000');
  // No photo chosen, no switch.
  await expect(form.getByRole('switch', { name: msg.progressPhoto })).toHaveCount(0);
  const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: 'orange' } })
    .png()
    .toBuffer();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'mirror.png', mimeType: 'image/png', buffer: png });
  const toggle = form.getByRole('switch', { name: msg.progressPhoto });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await form.getByLabel(msg.progressPoseField).selectOption('side');
  await form.getByLabel('Who sees this').selectOption({ label: 'Crew: Photo Crew' });
  expect(await axeViolations(page)).toEqual([]);
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('photos-checkin-switch-375.png') });
  const upload = page.waitForResponse((res) => /\/api\/checkins\/[^/]+\/media/.test(res.url()));
  await form.getByRole('button', { name: 'Complete Check-in' }).click();
  const uploaded = await upload;
  expect(uploaded.url()).toContain('progressPose=side');
  expect(uploaded.status()).toBe(201);
  const photoUrl = ((await uploaded.json()) as { media: { url: string } }).media.url;

  // Day 5's side photo is on Cam's Photos tab...
  await page.goto(`${server.url()}/app/cycle/photos`);
  await expect(
    page
      .getByRole('list', { name: msg.progressCalendarTitle })
      .getByText('Day 5, progress photo, side', { exact: true }),
  ).toHaveCount(1);
  // ...and the crew sees the check-in without it.
  const crews = (await call(page, '/api/crews')).body as MyCrews;
  const crewId = crews.crews.find((c) => c.name === 'Photo Crew')!.id;
  await signIn(page, 'pia');
  await page.goto(`${server.url()}/app`);
  const feed = (await call(page, `/api/crews/${crewId}/feed`)).body as { posts: FeedPost[] };
  const post = feed.posts.find((p) => p.author.displayName === 'Cam Photos' && p.dayNumber === 5);
  expect(post?.media).toEqual([]);
  expect((await call(page, photoUrl)).status).toBe(404);
});

test("the camera with Day 1's photo over it, and a photo taken with it", async ({ page }, info) => {
  await signIn(page, 'pia');
  await page.goto(`${server.url()}/app/cycle/photos`);
  await takeOver(page);
  await page.getByRole('button', { name: msg.takeProgressPhoto }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('status').filter({ hasText: msg.progressPhotoNeedsCheckin }),
  ).toBeVisible();
  const video = dialog.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0))
    .toBe(true);
  const ghost = dialog.getByRole('img', { name: 'Day 1, front progress photo' });
  await expect(ghost).toBeVisible();
  expect(Number(await ghost.evaluate((img) => getComputedStyle(img).opacity))).toBeCloseTo(
    GHOST_GUIDE_OPACITY,
  );
  await expect(dialog).toContainText(msg.cameraGhostHint(1));
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('photos-camera-375.png') });
  await page.keyboard.press('Escape');

  // Checked in today (Day 61), the shutter saves a progress photo of that day.
  expect(
    (
      await call(page, '/api/checkins', {
        method: 'POST',
        body: { movedMinutes: 20, steps: 3000, proteinTargetHit: false, hydrationGoalHit: false },
      })
    ).status,
  ).toBe(201);
  await page.reload();
  await takeOver(page);
  await page.getByRole('button', { name: msg.takeProgressPhoto }).click();
  await expect
    .poll(() =>
      page
        .locator('video')
        .evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0),
    )
    .toBe(true);
  await page.getByRole('dialog').getByRole('button', { name: msg.cameraCapture }).click();
  await expect(page.getByText(msg.progressPhotoSaved)).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: msg.progressCalendarTitle })
      .getByText('Day 61, progress photo, front', { exact: true }),
  ).toHaveCount(1);
});

test('the Photos tab at 1280 px', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'pia');
  await page.goto(`${server.url()}/app/cycle/photos`);
  await takeOver(page);
  await loaded(page, 'Day 61, front progress photo');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('photos-1280.png'), fullPage: true });
});
