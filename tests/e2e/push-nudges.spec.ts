import { expect, test } from './support/test';
import type { APIRequestContext } from '@playwright/test';
import { signUpAndVerify, uniqueEmail } from './support/codes';

// Playwright's contexts are incognito, where Chromium has no push service and says so in the console
// when the app subscribes: the browser's note about where it runs, not an error of ours.
test.use({ allowedConsoleErrors: [/does not support the Push API in incognito mode/] });

/** The Day-1 Health Intake would open over the settings: skipped, as a member may. */
async function skipIntake(request: APIRequestContext) {
  expect((await request.post('/api/profile/intake/skip')).ok()).toBe(true);
}

// Push nudges in the browser (decision 0020). Headless Chromium has no push service to subscribe to,
// so the journey checks what the member sees around it: permission asked on the tap, a clear message
// when it is refused or cannot work, and the one service worker registered under the page's CSP.

test('turning push nudges on asks for permission; refused, the switch stays off and says why', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('push-denied', info), 'Robin');
  await skipIntake(page.request);
  await page.goto('/app/profile?tab=settings');
  await page.evaluate(() => {
    // The browser's answer to the permission prompt: "Block".
    Object.defineProperty(Notification, 'requestPermission', {
      value: () => Promise.resolve('denied'),
    });
  });
  const push = page.getByRole('switch', { name: 'Push nudges' });
  await push.click();
  await expect(
    page.getByText('Notifications are blocked for StackDays in this browser.', { exact: false }),
  ).toBeVisible();
  await expect(push).not.toBeChecked();
});

test('with permission granted, the app registers its one service worker at /sw.js', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['notifications']);
  await signUpAndVerify(page.request, uniqueEmail('push-granted', info), 'Sam');
  await skipIntake(page.request);
  await page.goto('/app/profile?tab=settings');
  await page.getByRole('switch', { name: 'Push nudges' }).click();
  // The worker is registered (CSP allowed it), whatever the push service answers here.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return registration?.active?.scriptURL ?? registration?.installing?.scriptURL ?? null;
      }),
    )
    .toMatch(/\/sw\.js$/);
});

test('push on for the account but not on this device: the settings offer to turn it on here', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('push-other-device', info), 'Kai');
  await skipIntake(page.request);
  // Turned on from another device: the account says on, this browser holds no subscription.
  const current = await (await page.request.get('/api/settings')).json();
  const saved = await page.request.put('/api/settings', {
    data: {
      reminderHour: current.settings.reminderHour,
      emailNudges: current.settings.emailNudges,
      pushNudges: true,
      timezone: current.settings.timezone,
    },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/app/profile?tab=settings');
  await expect(
    page.getByText('Push nudges are on for your account, but not on this device yet.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on push here' })).toBeVisible();
});
