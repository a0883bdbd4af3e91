import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { mailsFor, signUpAndVerify, uniqueEmail } from './support/codes';

// Crews (issue 30): three members. Maya makes a crew; Sam opens the link signed out, signs up, comes
// back to it, joins, and checks in with a photo for the crew; Maya sees it on the crew page and the
// board; Lee sees neither the post nor its photo; Sam nudges Maya, who gets the e-mail.

async function skipIntake(request: APIRequestContext) {
  expect((await request.post('/api/profile/intake/skip')).ok()).toBe(true);
}

test('three members: a crew, a crew-only check-in with a photo, and a nudge by e-mail', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'stackdays-crews-'));
  const photo = path.join(dir, 'proof.png');
  await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 163, g: 230, b: 53 } },
  })
    .png()
    .toFile(photo);
  const [mayaCtx, samCtx, leeCtx] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  try {
    const maya = await mayaCtx.newPage();
    const sam = await samCtx.newPage();
    const lee = await leeCtx.newPage();
    const mayaEmail = uniqueEmail('crew-maya', info);
    await signUpAndVerify(maya.request, mayaEmail, 'Maya');
    await skipIntake(maya.request);
    // Maya's cycle starts (as opening the home screen does), so the nudge can name her day.
    expect((await maya.request.get('/api/checkins/today')).ok()).toBe(true);
    await signUpAndVerify(lee.request, uniqueEmail('crew-lee', info), 'Lee');
    await skipIntake(lee.request);

    // Maya: from Community to her crews, makes one and an invite link.
    await maya.goto('/app/community');
    await maya.getByRole('link', { name: 'Your crews' }).click();
    await expect(maya.getByRole('heading', { level: 1, name: 'Crews' })).toBeVisible();
    await maya.getByLabel('Crew name').fill('Morning Crew');
    await maya.getByRole('button', { name: 'Create crew' }).click();
    await expect(maya.getByRole('heading', { level: 1, name: 'Morning Crew' })).toBeVisible();
    const crewUrl = maya.url();
    await maya.getByRole('button', { name: 'Make an invite link' }).click();
    const linkField = maya.getByLabel('Link', { exact: true });
    await expect(linkField).toHaveValue(/\/crews\/join\//);
    const link = new URL(await linkField.inputValue());
    expect(await axeViolations(maya)).toEqual([]);

    // Sam: opens the link signed out, is asked to sign in or up, signs up, comes back to the link.
    await sam.goto(link.pathname);
    await expect(sam.getByRole('heading', { name: "You're invited to a crew" })).toBeVisible();
    await signUpAndVerify(sam.request, uniqueEmail('crew-sam', info), 'Sam');
    await skipIntake(sam.request);
    // Signed in, any member screen the app runs (here Settings, rendered in the browser; the crews
    // list is rendered on the server since decision 0117) brings Sam back to the link.
    await sam.goto('/app/settings');
    await expect(sam).toHaveURL(link.pathname);
    await expect(sam.getByRole('heading', { name: 'Join Morning Crew' })).toBeVisible();
    await expect(sam.getByText('Maya')).toBeVisible();
    expect(await axeViolations(sam)).toEqual([]);
    await sam.getByRole('button', { name: 'Join' }).click();
    await expect(sam.getByRole('heading', { level: 1, name: 'Morning Crew' })).toBeVisible();

    // Sam checks in with a photo, for the crew only.
    await sam.goto('/app');
    const form = sam.getByRole('form', { name: "Today's Check-in" });
    await form.getByLabel('Move minutes').fill('25');
    await form.getByLabel('Steps').fill('4000');
    await form.getByLabel('Journal', { exact: true }).fill('Crew-only proof of my walk');
    await form.locator('input[type="file"]').setInputFiles([photo]);
    await expect(form.getByLabel('Who sees this')).toContainText('Crew: Morning Crew');
    await form.getByLabel('Who sees this').selectOption({ label: 'Crew: Morning Crew' });
    const created = sam.waitForResponse(
      (res) => res.url().endsWith('/api/checkins') && res.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Complete Check-in' }).click();
    expect((await created).status()).toBe(201);
    await expect(sam.getByText('Check-in completed!')).toBeVisible();
    const today = await (await sam.request.get('/api/checkins/today')).json();
    await expect
      .poll(
        async () =>
          (await (await sam.request.get('/api/checkins/today')).json()).checkin.media.length,
      )
      .toBe(1);
    const photoUrl: string = (await (await sam.request.get('/api/checkins/today')).json()).checkin
      .media[0].url;
    expect(today.checkin.audience).toMatchObject({ kind: 'crew' });

    // Maya: the post and its photo on the crew page, Sam checked in on the board.
    await maya.goto(crewUrl);
    const post = maya.getByRole('article').filter({ hasText: 'Crew-only proof of my walk' });
    await expect(post).toBeVisible();
    const image = post.getByRole('img').first();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const board = maya.getByRole('region', { name: 'Board' });
    await expect(board.getByRole('listitem', { name: 'Sam' })).toContainText('Checked in today');
    expect(await axeViolations(maya)).toEqual([]);

    // Lee: neither the post (feed page, API) nor its photo, nor the crew.
    await lee.goto('/app/feed');
    await expect(lee.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(lee.getByText('Crew-only proof of my walk')).toHaveCount(0);
    const feed = await (await lee.request.get('/api/feed')).json();
    expect(JSON.stringify(feed)).not.toContain('Crew-only proof');
    expect((await lee.request.get(photoUrl)).status()).toBe(404);
    expect((await lee.request.get(`/api/crews/${crewUrl.split('/').pop()}`)).status()).toBe(404);

    // Sam nudges Maya (not checked in yet); Maya gets the e-mail.
    await sam.goto(crewUrl);
    await sam.getByRole('button', { name: 'Nudge Maya' }).click();
    await expect(sam.getByText('Nudge sent to Maya.')).toBeVisible();
    await expect(sam.getByRole('button', { name: 'Maya nudged today' })).toBeDisabled();
    await expect
      .poll(async () => (await mailsFor(mayaEmail)).map((m) => m.subject))
      .toContain('Sam nudged you: Day 1 is waiting');

    await sam.setViewportSize({ width: 375, height: 800 });
    await sam.screenshot({ path: info.outputPath('crew-375.png'), fullPage: true });
    await maya.setViewportSize({ width: 1280, height: 900 });
    await maya.screenshot({ path: info.outputPath('crew-1280.png'), fullPage: true });
  } finally {
    await Promise.all([mayaCtx.close(), samCtx.close(), leeCtx.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
});
