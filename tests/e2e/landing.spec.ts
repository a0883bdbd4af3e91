import { expect, test } from './support/test';
import { axeViolations } from './support/axe';

test('the landing page shows the tagline, the start button and passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Show up. Stack days. Become unstoppable.',
  );
  await expect(page.getByRole('link', { name: 'Start Your 90 Days - $9/mo' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  expect(await axeViolations(page)).toEqual([]);
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('the health endpoint answers ok', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toEqual({ status: 'ok' });
});
