import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { signUpAndVerify, uniqueEmail } from './support/codes';

// Issue 25 item 13 (decision 0037): terms, privacy and the health disclaimer exist, public and
// without a script, linked from the footers, sign-up and Privacy and consents.

/** Every script the page asks for. */
function scriptRequests(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

test('a visitor reads the terms, privacy notice and health disclaimer from the footers', async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Legal' });
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page).toHaveTitle('Terms of Service · StackDays');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(
    page.getByText(/a template\. The operator of this site should review it/),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Privacy Notice' })
    .click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who sees what' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Health Disclaimer' })
    .click();
  await expect(page).toHaveURL('/health-disclaimer');
  await expect(page.getByRole('heading', { level: 1, name: 'Health Disclaimer' })).toBeVisible();
  await expect(page.getByText('Call your local emergency number at once.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);

  // Sign-up links them too.
  await page.goto('/signup');
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Terms of Service' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});

test('a member opens the terms and the health disclaimer from Privacy and consents', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('legal', info), 'Reader');
  expect((await page.request.post('/api/profile/intake/skip')).ok()).toBe(true);
  await page.goto('/app/profile?tab=settings');
  await page.getByRole('link', { name: 'Read the terms of service' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Read the health disclaimer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Health Disclaimer' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Privacy Notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
});
