import type { TodayResponse } from '../../src/shared/api-types';
import { bridgeFixtureOn } from '../../src/server/testing/bridge-fixtures';
import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { signUpAndVerify, uniqueEmail } from './support/codes';
import { E2E } from './support/ports';

// Issue 45: a member pastes one address and one header into Health Auto Export, and their steps,
// minutes, water and protein arrive by themselves.

const SHOTS = process.env.BRIDGE_SCREENSHOTS_DIR;

/** The phone app: a plain POST of its JSON with the header the member pasted, no browser. */
function deliver(url: string, header: string, body: unknown) {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: header,
      'content-type': 'application/json',
      'x-forwarded-for': '10.250.4.5',
    },
    body: JSON.stringify(body),
  });
}

test('Health Auto Export: a member makes a token, copies the address, and today’s numbers and boxes arrive from Apple Health', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: E2E.baseUrl,
  });
  await signUpAndVerify(page.request, uniqueEmail('bridges', info), 'Robin', {
    timeZone: 'America/Phoenix',
  });

  // Settings: fuel targets, in cups (the member's units), then a connection token. The saved
  // targets are held back until both boxes are typed in, as on a slow connection: their (empty)
  // answer must not wipe what the member typed (CI on stop 56 saved two empty boxes this way).
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/connections/fuel-targets', async (route) => {
    if (route.request().method() === 'GET') await answered;
    await route.continue();
  });
  const targetsRead = page.waitForResponse(
    (r) => r.url().endsWith('/api/connections/fuel-targets') && r.request().method() === 'GET',
  );
  await page.goto('/app/settings');
  const targets = page.getByRole('form', { name: 'Fuel targets' });
  await targets.getByLabel('Protein per day (g)').fill('120');
  await targets.getByLabel('Water per day (cups)').fill('8');
  answer();
  await targetsRead;
  await expect(targets.getByLabel('Protein per day (g)')).toHaveValue('120');
  await expect(targets.getByLabel('Water per day (cups)')).toHaveValue('8');
  await targets.getByRole('button', { name: 'Save targets' }).click();
  await expect(page.getByText('Fuel targets saved.')).toBeVisible();
  await page.unroute('**/api/connections/fuel-targets');
  await page.reload();
  await expect(targets.getByLabel('Protein per day (g)')).toHaveValue('120');
  await expect(targets.getByLabel('Water per day (cups)')).toHaveValue('8');
  // A box that is not a number is named at the box, and the saved targets stay as they were.
  await targets.getByLabel('Protein per day (g)').fill('lots');
  await targets.getByRole('button', { name: 'Save targets' }).click();
  await expect(targets.getByText(/^Enter protein as grams, from \d+ to \d+/)).toBeVisible();
  await expect(targets.getByLabel('Protein per day (g)')).toHaveAttribute('aria-invalid', 'true');
  await expect(targets.getByText(/^Enter water/)).toHaveCount(0);
  await page.reload();
  await expect(targets.getByLabel('Protein per day (g)')).toHaveValue('120');

  const form = page.getByRole('form', { name: 'New connection' });
  await form.getByLabel('Name').fill('Health Auto Export');
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByLabel('Your new token')).toHaveValue(/^sdk_/);

  // The app's card: the address to copy and the header with the token just made.
  const card = page.getByRole('article', { name: 'Health Auto Export' });
  await card.getByRole('button', { name: 'Copy Address to paste' }).click();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(`${E2E.baseUrl}/api/v1/ingest/health-auto-export`);
  const header = await card.getByLabel('Header to paste').inputValue();
  expect(header).toMatch(/^Bearer sdk_/);
  await expect(card.getByText('Nothing received yet.')).toBeVisible();
  await expect(
    page.getByText(/Everything else the app sends \(heart rate, sleep, weight/),
  ).toBeVisible();

  // The phone delivers a full day (with heart rate, sleep, weight, a route... mixed in).
  const today = ((await (await page.request.get('/api/checkins/today')).json()) as TodayResponse)
    .cycle.today;
  const delivered = await deliver(
    url,
    header,
    bridgeFixtureOn('health-auto-export', 'full-day', today),
  );
  expect(delivered.status).toBe(200);

  // The sync log lists it, with the card's last delivery.
  await page.reload();
  const log = page.getByRole('region', { name: 'Sync log' });
  await expect(
    log.getByText('Used: 8,432 steps, 37 move minutes, 9.5 cups water, 128 g protein'),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Health Auto Export' }).getByText(/^Last delivery: /),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS)
      await page
        .locator('section', {
          has: page.getByRole('heading', { name: 'Use an app you already have' }),
        })
        .screenshot({ path: `${SHOTS}/connections-${width}.png` });
  }

  // Home: the form starts from the numbers, and both boxes start ticked from Apple Health.
  await page.goto('/app');
  const checkin = page.getByRole('form', { name: "Today's Check-in" });
  await expect(checkin.getByLabel('Move minutes')).toHaveValue('37');
  await expect(checkin.getByLabel('Steps')).toHaveValue('8432');
  const protein = checkin.getByRole('checkbox', { name: /Protein target hit/ });
  const water = checkin.getByRole('checkbox', { name: /Hydration/ });
  await expect(protein).toBeChecked();
  await expect(water).toBeChecked();
  await expect(checkin.getByText('from Apple Health', { exact: true })).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    if (SHOTS) await checkin.screenshot({ path: `${SHOTS}/home-form-${width}.png` });
  }
  // An unticked box is the member's to tick again; the note goes with the tick.
  await protein.click();
  await expect(protein).not.toBeChecked();
  await expect(checkin.getByText('from Apple Health', { exact: true })).toHaveCount(1);

  // Revoked, the token is refused.
  await page.goto('/app/settings');
  const list = page.getByRole('region', { name: 'Your connections' });
  await list.getByRole('button', { name: 'Revoke Health Auto Export' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke Health Auto Export?' })
    .getByRole('button', { name: 'Revoke', exact: true })
    .click();
  await expect(page.getByText('Connection revoked. Its token stopped working.')).toBeVisible();
  const refused = await deliver(
    url,
    header,
    bridgeFixtureOn('health-auto-export', 'test-delivery', today),
  );
  expect(refused.status).toBe(401);
  expect(refused.headers.get('content-type')).toContain('application/problem+json');
});
