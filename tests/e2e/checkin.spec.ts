import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { expect, test, type Page } from './support/test';
import { mailsFor, nextCode, signUpAndVerify, uniqueEmail } from './support/codes';

/** Real PNG files, different colours so a mix-up would show in a trace. */
async function makePhotos(dir: string, colours: [number, number, number][]) {
  return Promise.all(
    colours.map(async ([r, g, b], i) => {
      const file = path.join(dir, `proof-${i + 1}.png`);
      await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
        .png()
        .toFile(file);
      return file;
    }),
  );
}

/** Every image in the list has actually loaded (the server decoded and served it). */
async function expectImagesLoaded(page: Page, listName: string, count: number) {
  const images = page.getByRole('list', { name: listName }).getByRole('img');
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

test.describe('daily check-in', () => {
  let mediaDir: string;
  test.beforeAll(() => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'stackdays-checkin-'));
  });
  test.afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

  test('a member checks in with a formatted journal and two photos, adds an update and edits it', async ({
    page,
  }, info) => {
    const [photo1, photo2, photo3] = await makePhotos(mediaDir, [
      [163, 230, 53],
      [249, 115, 22],
      [56, 189, 248],
    ]);
    await signUpAndVerify(page.request, uniqueEmail('checkin', info), 'Jordan');

    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Day 1' })).toBeVisible();
    await expect(page.getByText('My Daily Consistency Journal')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: '1/90 days' })).toBeVisible();
    const form = page.getByRole('form', { name: "Today's Check-in" });
    await expect(form).toBeVisible();

    await form.getByLabel('Move minutes').fill('40');
    await form.getByLabel('Steps').fill('8200');
    // A press on the served markup before the app has taken over is held and replayed once it has
    // (decision 0031): the box is ticked then, not at the instant of the click.
    await form.getByLabel('Protein target hit').click();
    await expect(form.getByLabel('Protein target hit')).toBeChecked();

    // The journal, written with the toolbar: bold around new text, then an emoji from the picker.
    const journal = form.getByLabel('Journal', { exact: true });
    await journal.click();
    await journal.pressSequentially('Morning run. ');
    await form.getByRole('button', { name: 'Bold' }).click();
    await journal.pressSequentially('Felt strong');
    await journal.press('End');
    await journal.pressSequentially(' ');
    await form.getByRole('button', { name: 'Emoji' }).click();
    await page.getByRole('tab', { name: 'Encouragement' }).click();
    await page.getByRole('button', { name: '💪' }).click();
    await expect(journal).toHaveValue('Morning run. **Felt strong** 💪');
    await expect(journal).toBeFocused();

    await form.locator('input[type="file"]').setInputFiles([photo1, photo2]);
    await expect(
      form.getByRole('list', { name: 'Chosen media' }).getByRole('listitem'),
    ).toHaveCount(2);

    const created = page.waitForResponse(
      (res) => res.url().endsWith('/api/checkins') && res.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Complete Check-in' }).click();
    expect((await created).status()).toBe(201);
    await expect(page.getByText('Check-in completed!')).toBeVisible();

    const summary = page.getByRole('region', { name: "Today's Check-in Complete!" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('definition').first()).toContainText('40');
    await expect(summary.getByRole('definition').nth(1)).toContainText('8,200');
    await expect(summary.getByText('Protein target hit')).toBeAttached();
    await expect(summary.getByText('Hydration goal not hit')).toBeAttached();
    // The journal is rendered as markdown, not shown as typed.
    await expect(summary.locator('strong', { hasText: 'Felt strong' })).toBeVisible();
    await expect(summary.getByText('**Felt strong**')).toHaveCount(0);
    await expectImagesLoaded(page, 'Proof media', 2);

    // A larger view of a photo opens and closes, and the keyboard is back on the photo.
    const openFirst = summary.getByRole('button', { name: 'Open photo 1 of 2 larger' });
    await openFirst.click();
    await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(openFirst).toBeFocused();

    // Add Update: empty is refused in the form, text and a photo go through.
    await summary.getByRole('button', { name: 'Add Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Update' });
    await dialog.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByText('Please add some text or media').first()).toBeVisible();
    await dialog.getByLabel('Update', { exact: true }).fill('Evening stretch, *easy* 15 minutes.');
    await dialog.locator('input[type="file"]').setInputFiles([photo3]);
    await dialog.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByText('Update added successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(summary.locator('em', { hasText: 'easy' })).toBeVisible();
    await expectImagesLoaded(page, 'Update media', 1);

    // Edit within the 15-minute window: the form comes back filled in, and the change shows.
    await summary.getByRole('button', { name: 'Edit', exact: true }).click();
    const editForm = page.getByRole('form', { name: "Edit Today's Check-in" });
    await expect(editForm.getByLabel('Move minutes')).toHaveValue('40');
    await expect(editForm.getByLabel('Journal', { exact: true })).toHaveValue(
      'Morning run. **Felt strong** 💪',
    );
    await editForm.getByLabel('Move minutes').fill('55');
    await editForm.getByLabel('Hydration goal hit (8+ glasses of water)').check();
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Check-in updated successfully!')).toBeVisible();

    await expect(summary.getByRole('definition').first()).toContainText('55');
    await expect(summary.getByText('Hydration goal hit')).toBeAttached();
    await expectImagesLoaded(page, 'Proof media', 2);

    // It survives a reload: the server has it.
    await page.reload();
    await expect(summary.getByRole('definition').first()).toContainText('55');
    await expect(summary.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  });

  test('a 400-megapixel photo is refused as too big, not as the wrong kind of file (issue 26 #3)', async ({
    page,
  }, info) => {
    // A real PNG whose header declares 20,000 x 20,000 pixels (as a panorama stitcher might write).
    const huge = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 56, g: 189, b: 248 } },
    })
      .png()
      .toBuffer();
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    await signUpAndVerify(page.request, uniqueEmail('huge-photo', info), 'Kai');

    await page.goto('/app');
    const form = page.getByRole('form', { name: "Today's Check-in" });
    await form.getByLabel('Move minutes').fill('20');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'panorama.png', mimeType: 'image/png', buffer: huge });
    const uploaded = page.waitForResponse(
      (res) => res.request().method() === 'POST' && /\/api\/checkins\/[^/]+\/media/.test(res.url()),
    );
    await form.getByRole('button', { name: 'Complete Check-in' }).click();
    expect((await uploaded).status()).toBe(413);
    await expect(
      page.getByText(
        'Failed to upload media 1: That photo is too big to process. Please choose one under 50 megapixels.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Please choose an image or video file.')).toHaveCount(0);
  });
});

test('a member invites a buddy, who gets 1 Month Free through pricing, sign-up and verification', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page.request, uniqueEmail('inviter', info), 'Morgan');
  const buddy = uniqueEmail('buddy', info);

  await page.goto('/app');
  await page.getByRole('button', { name: 'Invite Workout Buddies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Workout Buddies' });
  const send = dialog.getByRole('button', { name: 'Send invite' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('First name').fill('Riley');
  await dialog.getByLabel('Email').fill(buddy);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Invite sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  let link = '';
  await expect
    .poll(async () => {
      const raw = (await mailsFor(buddy)).at(-1)?.raw.replace(/=\r?\n/g, '') ?? '';
      link = raw.match(/\/invite\/[A-Za-z0-9_-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // The buddy, signed out in their own browser.
  const visitor = await browser.newContext();
  const buddyPage = await visitor.newPage();
  await buddyPage.goto(link);
  await expect(buddyPage.getByRole('heading', { name: 'Morgan invited you' })).toBeVisible();
  await expect(buddyPage.getByText('1 Month Free')).toBeVisible();
  await buddyPage.getByRole('link', { name: 'Accept Invite & Continue' }).click();
  const token = link.split('/').at(-1)!;
  await expect(buddyPage).toHaveURL(`/pricing?invite=${token}`);
  await expect(buddyPage.getByText('from Morgan')).toBeVisible();
  await buddyPage.getByRole('link', { name: 'Start Your Free Trial' }).click();
  await expect(buddyPage).toHaveURL(`/signup?invite=${token}`);

  await buddyPage.getByLabel('Display name').fill('Riley');
  await buddyPage.getByLabel('Email').fill(buddy);
  await buddyPage.getByLabel('Password').fill('stack-days-2026');
  await buddyPage
    .getByRole('checkbox', { name: 'I accept the terms of service and privacy policy' })
    .check();
  const seen = (await mailsFor(buddy)).length;
  await buddyPage.getByRole('button', { name: 'Create account' }).click();
  await expect(buddyPage).toHaveURL(/\/verify-email\?/);
  expect(new URL(buddyPage.url()).searchParams.get('invite')).toBe(token);
  await buddyPage.getByLabel('Verification code').fill(await nextCode(buddy, seen));
  await buddyPage.getByRole('button', { name: 'Verify email' }).click();
  await expect(buddyPage.getByText('1 free month starts now')).toBeVisible();

  // Used once: the link now says so.
  await buddyPage.goto(link);
  await expect(buddyPage.getByRole('heading', { name: 'Invite Not Found' })).toBeVisible();
  await expect(
    buddyPage.getByText('This invite may have expired or already been used.'),
  ).toBeVisible();
  await buddyPage.getByRole('link', { name: 'Go to Home' }).click();
  await expect(buddyPage).toHaveURL('/');
  await visitor.close();
});
