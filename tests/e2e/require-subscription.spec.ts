import { msg } from '@shared/messages';
import { expect, test, type Browser, type Page } from './support/test';
import { mailsFor, nextCode, signUpAndVerify, uniqueEmail } from './support/codes';
import { secondServer } from './support/second-server';

// Issue 41 items 14 and 16, on a second server of the same build with REQUIRE_SUBSCRIPTION on
// (decision 0018): a member without a plan is sent to /pricing from the member screens, but Settings
// stays theirs, Connections included (decision 0097), and their browser's report is taken like
// anyone's, reading no cookie (decision 0040).

const gated = secondServer('gated', { TZ: 'UTC', REQUIRE_SUBSCRIPTION: 'true' });

test.beforeAll(() => gated.start());
test.afterAll(() => gated.stop());

/** A signed-in member of the gated server who has no plan: the member screens send them to /pricing. */
async function memberWithoutPlan(
  browser: Browser,
  info: { workerIndex: number; retry: number },
  name: string,
) {
  const context = await browser.newContext({ baseURL: gated.url });
  await signUpAndVerify(context.request, uniqueEmail(name, info), 'Lapsed Member');
  const page = await context.newPage();
  await page.goto('/app/feed');
  await expect(page).toHaveURL(/\/pricing$/);
  return { context, page };
}

test('a member without a plan lists and revokes their connection tokens in Settings', async ({
  browser,
}, info) => {
  const { context, page } = await memberWithoutPlan(browser, info, 'gated-connections');
  await page.goto('/app/settings');
  const form = page.getByRole('form', { name: 'New connection' });
  await form.getByLabel('Name').fill('Old Phone');
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByLabel('Your new token')).toHaveValue(/^sdk_/);

  // Another day: the list is read again from the server, and the token they worry about is revoked.
  await page.reload();
  const list = page.getByRole('region', { name: 'Your connections' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Old Phone');
  await list.getByRole('button', { name: 'Revoke Old Phone' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke Old Phone?' })
    .getByRole('button', { name: 'Revoke', exact: true })
    .click();
  await expect(page.getByText(msg.connectionRevoked)).toBeVisible();
  await expect(list).toBeHidden();
  await page.reload();
  await expect(page.getByRole('form', { name: 'New connection' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your connections' })).toBeHidden();
  await context.close();
});

test('a visitor who signs up from a crew link starts the free trial first, then joins and stays in the crew (issue 41 item 2)', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  // The owner, on the trial, with a crew and its link.
  const ownerContext = await browser.newContext({ baseURL: gated.url });
  await signUpAndVerify(ownerContext.request, uniqueEmail('gated-crew-owner', info), 'Owner');
  const trial = await ownerContext.request.post('/api/subscription/checkout', {
    data: { trial: true, requireCard: false },
  });
  expect(trial.ok()).toBe(true);
  const crewName = `Gated Crew ${info.workerIndex}${Date.now() % 100_000}`;
  const created = await ownerContext.request.post('/api/crews', { data: { name: crewName } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const made = await ownerContext.request.post(`/api/crews/${id}/invite`);
  expect(made.status()).toBe(201);
  const crewPath = new URL(((await made.json()) as { url: string }).url).pathname;
  await ownerContext.close();

  const context = await browser.newContext({ baseURL: gated.url });
  const page = await context.newPage();
  await page.goto(crewPath);
  await page.getByRole('link', { name: 'Create an account' }).click();
  const email = uniqueEmail('gated-crew-visitor', info);
  await page.getByLabel('Display name').fill('Visitor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('stack-days-2026');
  await page
    .getByRole('checkbox', { name: 'I accept the terms of service and privacy policy' })
    .check();
  const seen = (await mailsFor(email)).length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email\?/);
  await page.getByLabel('Verification code').fill(await nextCode(email, seen));
  await page.getByRole('button', { name: 'Verify email' }).click();

  // The trial first, then the crew: joined, its page open, not /pricing.
  await expect(page.getByRole('heading', { name: 'Start Your Free Trial' })).toBeVisible();
  await page.getByRole('button', { name: 'Start my 30-day free trial' }).click();
  await expect(page).toHaveURL(crewPath);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { level: 1, name: crewName })).toBeVisible();
  await expect(page).toHaveURL(`/app/crews/${id}`);
  await context.close();
});

/** A sampled page view (random() = 0) that keeps what its beacon sends. */
async function sampled(page: Page) {
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
}

test("a member without a plan has their browser's report taken, with no cookie read", async ({
  browser,
}, info) => {
  const { context, page } = await memberWithoutPlan(browser, info, 'gated-report');
  await sampled(page);
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.mouse.click(5, 5);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/client-reports'));
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect((await answered).status()).toBe(204);
  await context.close();
});
