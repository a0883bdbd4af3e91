import { expect, test } from './support/test';
import { E2E } from './support/ports';
import { signUpAndVerify, uniqueEmail } from './support/codes';
import type { SettingsResponse } from '@shared/api-types';
import { unsubscribeSignature } from '../../src/server/lib/tokens';

// The unsubscribe link at the foot of every nudge mail (issue 25 #2): opened in the browser, the
// member presses the one button, and nudges are off. The link is built as the server signs it.

test('the unsubscribe button in a nudge mail turns e-mail nudges off in the browser', async ({
  page,
}, info) => {
  const email = uniqueEmail('unsubscribe', info);
  await signUpAndVerify(page.request, email, 'Noor');
  const session = (await (await page.request.get('/api/account/session')).json()) as {
    user: { userId: string };
  };
  const userId = session.user.userId;
  const settings = async () =>
    ((await (await page.request.get('/api/settings')).json()) as SettingsResponse).settings
      .emailNudges;
  expect(await settings()).toBe(true);

  // Opened from the mail client: a new context, as a click in a mail app opens the browser.
  const signedOut = await page.context().browser()!.newContext();
  const visitor = await signedOut.newPage();
  const link = `${E2E.baseUrl}/api/notifications/unsubscribe?${new URLSearchParams({
    u: userId,
    s: unsubscribeSignature(E2E.authSecret, userId),
  })}`;
  await visitor.goto(link);
  await expect(
    visitor.getByRole('heading', { name: 'Unsubscribe from e-mail nudges' }),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Turn off e-mail nudges' }).click();

  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(visitor.getByText('E-mail nudges are off.')).toBeVisible();
  expect(await settings()).toBe(false);
  await signedOut.close();
});
