import { expect, test, type Page } from './support/test';
import { signUpAndVerify, uniqueEmail } from './support/codes';

/**
 * Collects every Content-Security-Policy violation in the page: the `securitypolicyviolation` events
 * (reported through a binding, which the policy cannot block) and any console error, since Chromium
 * also logs each refusal there.
 */
async function watchForViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

/** Opens a page, checks it came with the policy, and waits until it has rendered and settled. */
async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  const headers = res!.headers();
  expect(headers['content-security-policy'], path).toContain("script-src 'self'");
  expect(headers['x-frame-options'], path).toBe('DENY');
  await expect(page.locator('#root > *').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return headers;
}

test('public pages render under the Content-Security-Policy with no violation', async ({
  page,
}) => {
  const violations = await watchForViolations(page);
  for (const path of ['/', '/signin', '/signup', '/pricing']) {
    await visit(page, path);
    expect(violations, path).toEqual([]);
  }
});

test('member pages render under the Content-Security-Policy with no violation', async ({
  page,
}, info) => {
  const violations = await watchForViolations(page);
  await signUpAndVerify(page.request, uniqueEmail('csp', info), 'Casey');
  for (const path of ['/app', '/app/feed', '/app/cycle', '/app/community']) {
    await visit(page, path);
    expect(violations, path).toEqual([]);
  }
  // A dialog locks page scrolling with a <style> element it inserts: allowed too.
  await visit(page, '/app/feed');
  await page.getByRole('button', { name: 'Invite Workout Buddies' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Invite Workout Buddies' })).toBeVisible();
  expect(violations, 'dialog').toEqual([]);
});

test('the invite landing renders under the policy and sends no referrer', async ({ page }) => {
  const violations = await watchForViolations(page);
  // Rendered on the server (decision 0022): an unknown invite answers 404, with the policy.
  const res = await page.goto('/invite/abcdefghijklmnopqrstuvwxyz012345');
  expect(res?.status()).toBe(404);
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: 'Invite Not Found' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
