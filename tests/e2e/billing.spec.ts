import pg from 'pg';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { mailsFor, nextCode, signUpAndVerify, uniqueEmail } from './support/codes';
import { E2E } from './support/ports';

// Billing on the built-in provider (decision 0018): no Stripe keys in the e2e server.

const PASSWORD = 'stack-days-2026';

/**
 * Signs the fixed admin address in. Another journey may be signing it up or in at the same moment
 * (a repeated sign-up or code inside the cooldown is refused with 429), so on refusal this waits out
 * the cooldown and signs in by code.
 */
async function signInAdmin(request: APIRequestContext) {
  try {
    await signUpAndVerify(request, E2E.adminEmail, 'Coach');
    return;
  } catch {
    // fall through: sign in by code
  }
  const email = E2E.adminEmail;
  const seen = (await mailsFor(email)).length;
  let sent = await request.post('/api/account/send-code', { data: { email, purpose: 'sign-in' } });
  if (sent.status() === 429) {
    const { details } = (await sent.json()) as { details: { retryAfter: number } };
    await new Promise((resolve) => setTimeout(resolve, (details.retryAfter + 1) * 1000));
    sent = await request.post('/api/account/send-code', { data: { email, purpose: 'sign-in' } });
  }
  expect(sent.ok()).toBe(true);
  const code = await nextCode(email, seen);
  expect((await request.post('/api/account/sign-in', { data: { email, code } })).ok()).toBe(true);
}

async function billingStatus(page: Page) {
  return page.getByTestId('subscription-status');
}

test('a visitor signs up with a coupon from /pricing and sees TRIAL with the days left', async ({
  browser,
  page,
}, info) => {
  // An admin makes the coupon through the API (the admin screens have their own journey).
  const admin = await browser.newContext();
  await signInAdmin(admin.request);
  const code = `BILL${info.workerIndex}${Date.now() % 1_000_000}`;
  const created = await admin.request.post('/api/admin/coupons', {
    data: { code, monthsFree: 2, maxRedemptions: '', expiresAt: '', notes: '' },
  });
  expect(created.status()).toBe(201);
  await admin.close();

  await page.goto('/pricing');
  // The entry messages, word for word: an unknown code, then the real one in lower case with spaces.
  const entry = page.getByLabel(/Coupon code/);
  await entry.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon code not found')).toBeVisible();
  await entry.fill(` ${code.toLowerCase()} `);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 free months (60 days free)')).toBeVisible();

  // The trial box: ticked by default; unticked, this server says it takes no card anyway.
  const noCard = page.getByRole('checkbox', { name: "Don't require card for trial" });
  await expect(noCard).toBeChecked();
  await noCard.click();
  await expect(
    page.getByText(
      'Payments are not configured on this server, so the trial starts without a card.',
    ),
  ).toBeVisible();
  await noCard.click();

  const start = page.getByRole('link', { name: 'Start Your Free Trial' });
  await expect(start).toHaveAttribute('href', `/signup?coupon=${code}`);
  await start.click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?coupon=${code}`));

  const email = uniqueEmail('billing', info);
  await page.getByLabel('Display name').fill('Bill Ing');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .getByRole('checkbox', { name: 'I accept the terms of service and privacy policy' })
    .check();
  const seen = (await mailsFor(email)).length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.getByLabel('Verification code').fill(await nextCode(email, seen));
  await page.getByRole('button', { name: 'Verify email' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('2 free months start now');
  await dialog.getByRole('button', { name: 'Start My Journey' }).click();
  await expect(page).toHaveURL(/\/app$/);

  await page.goto('/app/settings');
  await expect(await billingStatus(page)).toHaveText('TRIAL');
  await expect(page.getByText('60 days left in your trial')).toBeVisible();
  // The built-in provider has no Billing Portal, and says so when a paid plan is chosen.
  await expect(page.getByRole('button', { name: 'Manage Billing' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose monthly' }).click();
  await expect(
    page
      .getByRole('status')
      .or(page.locator('[data-sonner-toast]'))
      .getByText(
        'Payments are not configured on this server. Start with the free trial: no card needed.',
      ),
  ).toBeVisible();

  // Subscribed: the start-trial screen sends the member straight on.
  await page.goto('/app/start-trial');
  await expect(page).toHaveURL(/\/app$/);
});

test('a trial whose end has passed shows INACTIVE, ended by the server on its own', async ({
  page,
}, info) => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'moves a period end in the database: run with E2E_DATABASE_URL');
  test.setTimeout(150_000);

  const email = uniqueEmail('expiring', info);
  await signUpAndVerify(page.request, email, 'Ex Piring');
  const trial = await page.request.post('/api/subscription/checkout', { data: { trial: true } });
  expect(trial.ok()).toBe(true);
  await page.goto('/app/settings');
  await expect(await billingStatus(page)).toHaveText('TRIAL');
  await expect(page.getByText('30 days left in your trial')).toBeVisible();

  // The test-only step: the trial's end moves into the past. Nothing else is touched; the server's
  // expiry job (every BILLING_EXPIRY_INTERVAL_SECONDS, 60 by default) has to notice by itself.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const moved = await client.query(
      `update subscriptions set current_period_end = now() - interval '1 second'
         where user_id = (select id from "user" where email = $1)`,
      [email],
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await client.end();
  }

  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/subscription');
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('inactive');
  await page.reload();
  await expect(await billingStatus(page)).toHaveText('INACTIVE');
  // The trial was used: what is left is choosing a plan.
  await expect(page.getByRole('link', { name: 'Start Your Free Trial' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose yearly' })).toBeVisible();
});
