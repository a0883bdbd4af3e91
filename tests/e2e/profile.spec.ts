import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { mailsFor, nextCode, signUpAndVerify, uniqueEmail } from './support/codes';

let workDir: string;
test.beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'stackdays-profile-'));
});
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

test('a new member completes the health intake in imperial, sees it in metric, sets an avatar, downloads their data and deletes the account', async ({
  page,
}, info) => {
  const email = uniqueEmail('profile', info);
  await signUpAndVerify(page.request, email, 'Morgan');

  // The Day-1 Health Intake opens by itself, in the member's units (imperial by default).
  await page.goto('/app/profile');
  const intake = page.getByRole('dialog', { name: 'Day-1 Health Intake' });
  await expect(intake).toBeVisible();
  await intake.getByLabel('Birth year').fill('1900');
  await intake.getByRole('button', { name: 'Save and start' }).click();
  const thisYear = new Date().getFullYear();
  await expect(intake.getByLabel('Birth year')).toHaveAccessibleDescription(
    `Birth year must be between 1920 and ${thisYear}.`,
  );
  await intake.getByLabel('Birth year').fill('1990');
  await intake.getByLabel('Height (ft)').fill('5');
  await intake.getByLabel('Height (in)').fill('10');
  await intake.getByLabel('Weight (lb)').fill('180');
  await intake.getByRole('button', { name: 'Strength' }).click();
  await intake.getByRole('button', { name: 'Dumbbells' }).click();
  await intake.getByRole('button', { name: 'Save and start' }).click();
  await expect(page.getByText('Health profile created successfully!')).toBeVisible();
  await expect(intake).toBeHidden();

  // The values come back as typed.
  await page.getByRole('tab', { name: 'Health' }).click();
  await expect(page).toHaveURL('/app/profile?tab=health');
  await expect(page.getByLabel('Birth year')).toHaveValue('1990');
  await expect(page.getByLabel('Height (ft)')).toHaveValue('5');
  await expect(page.getByLabel('Height (in)')).toHaveValue('10');
  await expect(page.getByLabel('Weight (lb)')).toHaveValue('180');
  await expect(page.getByRole('button', { name: 'Strength' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The health disclaimer was accepted with it.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('I accept the health disclaimer')).toBeChecked();

  // Metric: the same values, converted.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByLabel('Units').selectOption('metric');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await page.getByRole('tab', { name: 'Health' }).click();
  await expect(page.getByLabel('Height (cm)')).toHaveValue('177.8');
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('81.6');

  // An avatar: shown at once in the avatar menu, loaded from the server.
  await page.getByRole('tab', { name: 'Profile' }).click();
  const pdf = path.join(workDir, 'not-a-photo.pdf');
  writeFileSync(pdf, '%PDF-1.4\n%%EOF\n');
  await page.getByLabel('Choose a profile photo').setInputFiles(pdf);
  await expect(page.getByText('Please select an image file')).toBeVisible();
  const photo = path.join(workDir, 'me.png');
  await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f97316' } })
    .png()
    .toFile(photo);
  await page.getByLabel('Choose a profile photo').setInputFiles(photo);
  await expect(page.getByText('Avatar updated successfully!')).toBeVisible();
  const menuImage = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(menuImage).toHaveAttribute('src', /^\/api\/avatars\/[^/]+\/[\w-]+\.webp$/);
  await expect
    .poll(() => menuImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // Download my data: a ZIP with the JSON, the CSV and the avatar.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stackdays-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  for (const name of ['data.json', 'checkins.csv', 'media/avatar.webp']) {
    expect(zip.includes(name), name).toBe(true);
  }

  // Delete my account: only with the typed confirmation.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete my account' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete my account' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm.').fill('delete');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm.').fill('DELETE');
  await deleteButton.click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL('/');

  // The account is gone: no code is mailed, and no code signs in.
  await page.goto('/app');
  await expect(page).toHaveURL('/signin');
  await page.getByLabel('Email').fill(email);
  const seen = (await mailsFor(email)).length;
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('6-digit code sent! Check your email.')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await mailsFor(email)).toHaveLength(seen);
  await page.getByLabel('6-digit code').fill('123456');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByLabel('6-digit code')).toHaveAccessibleDescription(
    /Invalid or expired code\. Please try again\./,
  );
  await expect(page).toHaveURL(/\/signin/);
});

test('a skipped health intake stays skipped, on this device and another', async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail('skip-intake', info);
  await signUpAndVerify(page.request, email, 'Riley');

  await page.goto('/app/profile');
  const intake = page.getByRole('dialog', { name: 'Day-1 Health Intake' });
  await expect(intake).toBeVisible();
  const skipped = page.waitForResponse((res) => res.url().endsWith('/api/profile/intake/skip'));
  await intake.getByRole('button', { name: 'Skip for now' }).click();
  expect((await skipped).ok()).toBe(true);
  await expect(intake).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Health' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(intake).toBeHidden();

  // Another device, signed in separately.
  const other = await browser.newContext();
  const phone = await other.newPage();
  const seen = (await mailsFor(email)).length;
  const sent = await phone.request.post('/api/account/send-code', {
    data: { email, purpose: 'sign-in' },
  });
  expect(sent.ok()).toBe(true);
  const code = await nextCode(email, seen);
  expect((await phone.request.post('/api/account/sign-in', { data: { email, code } })).ok()).toBe(
    true,
  );
  await phone.goto('/app/profile');
  await expect(phone.getByRole('tab', { name: 'Health' })).toBeVisible();
  await phone.waitForLoadState('networkidle');
  await expect(phone.getByRole('dialog', { name: 'Day-1 Health Intake' })).toBeHidden();
  // The Health tab still invites them to fill it in.
  await phone.getByRole('tab', { name: 'Health' }).click();
  await expect(phone.getByLabel('Birth year')).toHaveValue('');
  await other.close();
});

test('the profile tabs, the intake and settings pass axe at phone width, light and dark', async ({
  browser,
}, info) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      colorScheme,
    });
    const page = await context.newPage();
    await signUpAndVerify(page.request, uniqueEmail(`axe-profile-${colorScheme}`, info), 'Avery');
    await page.goto('/app/profile');
    const intake = page.getByRole('dialog', { name: 'Day-1 Health Intake' });
    await expect(intake).toBeVisible();
    expect(await axeViolations(page), `intake (${colorScheme})`).toEqual([]);
    await intake.getByRole('button', { name: 'Skip for now' }).click();
    await expect(intake).toBeHidden();
    for (const tab of ['Profile', 'Health', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), `${tab} tab (${colorScheme})`).toEqual([]);
    }
    await page.goto('/app/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await axeViolations(page), `/app/settings (${colorScheme})`).toEqual([]);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete my account' })).toBeVisible();
    expect(await axeViolations(page), `delete dialog (${colorScheme})`).toEqual([]);
    await context.close();
  }
});
