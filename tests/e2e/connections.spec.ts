import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { signUpAndVerify, uniqueEmail } from './support/codes';
import { E2E } from './support/ports';

/** A phone automation: a plain HTTP request with the token, no browser, no cookie. */
async function sendFromPhone(token: string, body: Record<string, unknown>) {
  return fetch(`${E2E.baseUrl}/api/v1/me/today/activity`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-forwarded-for': '10.250.1.1',
    },
    body: JSON.stringify(body),
  });
}

test('a member connects their phone: the token fills in today’s numbers, and the check-in carries their source', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('connections', info), 'Casey');

  // Settings → Connections: make a token that may send today's numbers.
  await page.goto('/app/settings');
  const form = page.getByRole('form', { name: 'New connection' });
  await form.getByLabel('Name').fill('iPhone Shortcut');
  await expect(form.getByLabel("Send today's steps and move minutes")).toBeChecked();
  await form.getByRole('button', { name: 'Create token' }).click();
  const tokenField = page.getByLabel('Your new token');
  await expect(tokenField).toHaveValue(/^sdk_/);
  const token = await tokenField.inputValue();
  // The recipes carry the member's own address, and the token just made.
  await expect(page.getByLabel("Your address for today's numbers")).toHaveValue(
    `${E2E.baseUrl}/api/v1/me/today/activity`,
  );
  const list = page.getByRole('region', { name: 'Your connections' });
  await expect(list.getByRole('button', { name: 'Revoke iPhone Shortcut' })).toBeVisible();
  await expect(list.getByText('Never used')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The phone sends today's numbers.
  const sent = await sendFromPhone(token, {
    steps: 8432,
    moveMinutes: 37,
    source: 'Apple Health',
  });
  expect(sent.status).toBe(200);
  expect(sent.headers.get('set-cookie')).toBeNull();

  // Home: the form starts from them, marked with their source and time.
  await page.goto('/app');
  const checkin = page.getByRole('form', { name: "Today's Check-in" });
  await expect(checkin.getByLabel('Move minutes')).toHaveValue('37');
  await expect(checkin.getByLabel('Steps')).toHaveValue('8432');
  await expect(checkin.getByText(/Filled in from Apple Health, \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The member does the rest, and completes the check-in.
  await checkin.getByLabel('Protein target hit').click();
  await checkin.getByLabel('Journal', { exact: true }).fill('Evening walk with the dog.');
  await checkin.getByRole('button', { name: 'Complete Check-in' }).click();
  const summary = page.getByRole('region', { name: "Today's Check-in Complete!" });
  await expect(summary).toBeVisible();
  await expect(summary.getByText('8,432')).toBeVisible();
  await expect(summary.getByText(/Steps and minutes from Apple Health/)).toBeVisible();

  // Later that evening the phone sends more: the post is raised, the source stays.
  const later = await sendFromPhone(token, {
    steps: 10250,
    moveMinutes: 52,
    source: 'Apple Health',
  });
  expect(((await later.json()) as { checkin: { raised: boolean } }).checkin.raised).toBe(true);
  await page.reload();
  await expect(
    page.getByRole('region', { name: "Today's Check-in Complete!" }).getByText('10,250'),
  ).toBeVisible();

  // Settings shows when it was last used; revoking asks first, in the product's own dialog (never
  // the browser's confirm()), and then stops the phone at once.
  const native: string[] = [];
  page.on('dialog', (dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/app/settings');
  await expect(list.getByText(/Last used/)).toBeVisible();
  await list.getByRole('button', { name: 'Revoke iPhone Shortcut' }).click();
  const revoking = page.getByRole('dialog', { name: 'Revoke iPhone Shortcut?' });
  await expect(revoking).toContainText('Its token stops working at once');
  expect(await axeViolations(page)).toEqual([]);
  await revoking.getByRole('button', { name: 'Cancel' }).click();
  await expect(revoking).toBeHidden();
  // Cancelled: the token still works.
  const kept = await sendFromPhone(token, {
    steps: 10250,
    moveMinutes: 52,
    source: 'Apple Health',
  });
  expect(kept.status).toBe(200);
  await expect(list.getByRole('button', { name: 'Revoke iPhone Shortcut' })).toBeVisible();
  await list.getByRole('button', { name: 'Revoke iPhone Shortcut' }).click();
  await revoking.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('Connection revoked. Its token stopped working.')).toBeVisible();
  await expect(list).toBeHidden();
  expect(native).toEqual([]);
  const revoked = await sendFromPhone(token, { steps: 1, moveMinutes: 1, source: 'Apple Health' });
  expect(revoked.status).toBe(401);
  expect(revoked.headers.get('content-type')).toContain('application/problem+json');
});

test('the API reference page loads from this server under the site’s security policy', async ({
  page,
}) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(E2E.baseUrl) && !request.url().startsWith('data:'))
      external.push(request.url());
  });
  await page.goto('/api/v1/reference');
  await expect(page.getByRole('heading', { name: /StackDays API/ }).first()).toBeVisible();
  await expect(page.getByText("Send today's steps and move minutes").first()).toBeVisible();
  expect(external).toEqual([]);
});
