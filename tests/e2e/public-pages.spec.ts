import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';
import { mailsFor, requestSignInCode, signUpAndVerify, uniqueEmail } from './support/codes';

// The public pages paint from their prerendered HTML (decision 0022). Pricing, sign-in and sign-up
// load the app on the visitor's first intent (src/client/boot.ts); what the visitor typed, focused
// or pressed meanwhile carries over (src/client/app/handoff.ts). The invite page is rendered on the
// server with no script at all.

// boot.ts with what it starts itself: the page's report of its vitals and errors (decision 0040),
// which loads web-vitals on a sampled page view, and the page's language (page-locale.ts, which
// fetches a catalogue chunk only on a page in another language than English).
const BOOT = /\/assets\/(boot|preload-helper|client-reports|web-vitals|page-locale)-[\w-]+\.js$/;

/** Every script the page requests, in order. */
function scriptRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/**
 * Holds back every script but boot.ts's until `release()`: the app cannot take the page over before
 * the test says so, whatever the machine's speed.
 */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (!BOOT.test(route.request().url())) await gate;
    await route.continue();
  });
  return release;
}

const prerendered = (page: Page) => page.locator('#root[data-prerendered]');
/** Waits until the app has replaced the prerendered markup with its own render. */
const appTookOver = (page: Page) => expect(prerendered(page)).toHaveCount(0);

test('sign-in: an e-mail typed right after load is kept when the app takes over, and the code signs in', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000); // the sign-up code's 30-second resend lock may still be running
  const email = uniqueEmail('quick', info);
  const other = await browser.newContext();
  await signUpAndVerify(other.request, email, 'Quick');
  await other.close();

  const scripts = scriptRequests(page);
  await page.goto('/signin');
  // The first load: the markup and boot.ts, no app.
  await page.waitForLoadState('networkidle');
  expect(
    scripts.every((url) => BOOT.test(url)),
    scripts.join(', '),
  ).toBe(true);

  // Typed at once, at a person's pace: the app arrives somewhere along the way (the first key is
  // its cue), and not one character is lost.
  const field = page.getByLabel('Email');
  await field.pressSequentially(email, { delay: 20 });
  await appTookOver(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(scripts.length).toBeGreaterThan(2);

  const code = await requestSignInCode(page, email);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await expect(page).toHaveURL('/app');
});

test('sign-up: fields, focus and caret typed before the app is ready carry over to its form', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/signup');
  await page.getByLabel('Display name').fill('Robin');
  await page.getByLabel('Email').fill('robin@e2e.test');
  const password = page.getByLabel('Password');
  await password.pressSequentially('stack-days-2026');
  await password.press('ArrowLeft');
  await password.press('ArrowLeft');
  await expect(prerendered(page)).toHaveCount(1);

  release();
  await appTookOver(page);
  await expect(page.getByLabel('Display name')).toHaveValue('Robin');
  await expect(page.getByLabel('Email')).toHaveValue('robin@e2e.test');
  await expect(page.getByLabel('Password')).toHaveValue('stack-days-2026');
  await expect(page.getByLabel('Password')).toBeFocused();
  // The app's form has the value (its strength meter reads it), and the caret is where it was.
  await expect(page.getByText(/^Strength: /)).toBeVisible();
  await page.keyboard.type('!');
  await expect(page.getByLabel('Password')).toHaveValue('stack-days-20!26');
});

test('sign-in: Enter and a click pressed before the app is ready send the code once', async ({
  page,
}, info) => {
  const email = uniqueEmail('early', info);
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/account/send-code')) sends.push(request.method());
  });
  const release = await holdTheApp(page);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Send code' }).click();
  // Held: no page navigation (the form would have gone to /signin?email=...), nothing sent yet.
  await expect(prerendered(page)).toHaveCount(1);
  await expect(page).toHaveURL('/signin');
  expect(sends).toEqual([]);

  release();
  await appTookOver(page);
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  // Give a second request every chance to show up.
  await page.waitForLoadState('networkidle');
  expect(sends).toEqual(['POST']);
});

test('pricing: a tap on the trial checkbox and a coupon typed before the app is ready are kept', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/pricing');
  await page.getByLabel('Coupon code').fill('nosuchcode');
  const noCard = page.getByRole('checkbox', { name: "Don't require card for trial" });
  await expect(noCard).toBeChecked();
  await noCard.click();
  // Links work as they are meanwhile.
  await expect(page.getByRole('link', { name: 'Start Your Free Trial' })).toHaveAttribute(
    'href',
    '/signup',
  );

  release();
  await appTookOver(page);
  await expect(
    page.getByRole('checkbox', { name: "Don't require card for trial" }),
  ).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: "Don't require card for trial" })).toBeFocused();
  await expect(page.getByLabel('Coupon code')).toHaveValue('NOSUCHCODE');
  // The box was left (for the checkbox) before the app came: it checks the code, as on leaving it.
  await expect(page.getByText('Coupon code not found')).toBeVisible();
});

test('an address with a query string and a signed-in visitor get the app at once', async ({
  page,
}, info) => {
  await page.goto('/pricing?coupon=nosuchcode');
  await appTookOver(page);
  await expect(page.getByLabel('Coupon code')).toHaveValue('NOSUCHCODE');

  // A member is sent on to the app, as the spec says, without touching the page.
  await signUpAndVerify(page.request, uniqueEmail('member', info), 'Member');
  await page.goto('/signin');
  await expect(page).toHaveURL('/app');
  await page.goto('/signup');
  await expect(page).toHaveURL('/app');
});

/** The token from the newest invite mail to `email` (quoted-printable soft line breaks undone). */
async function inviteToken(email: string, seen: number): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const raw = (await mailsFor(email))
          .slice(seen)
          .at(-1)
          ?.raw.replace(/=\r?\n/g, '');
        token = raw?.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
        return token;
      },
      { timeout: 15_000, message: `an invite mailed to ${email}` },
    )
    .toBeTruthy();
  return token!;
}

test('the invite page is rendered on the server with no script: valid, then invalid', async ({
  page,
  browser,
}, info) => {
  const inviterName = `Ines <b>&</b> ${info.workerIndex}`;
  const buddy = uniqueEmail('buddy', info);
  const inviter = await browser.newContext();
  await signUpAndVerify(inviter.request, uniqueEmail('inviter', info), inviterName);
  const seen = (await mailsFor(buddy)).length;
  const sent = await inviter.request.post('/api/invites', { data: { email: buddy } });
  expect(sent.status()).toBe(201);
  await inviter.close();
  const token = await inviteToken(buddy, seen);

  const scripts = scriptRequests(page);
  const valid = await page.goto(`/invite/${token}`);
  expect(valid?.status()).toBe(200);
  expect(valid?.headers()['referrer-policy']).toBe('no-referrer');
  expect(valid?.headers()['cache-control']).toBe('no-store');
  await expect(
    page.getByRole('heading', { level: 1, name: `${inviterName} invited you` }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${inviterName} invited you · StackDays`);
  await expect(page.getByText('1 Month Free')).toBeVisible();
  const accept = page.getByRole('link', { name: 'Accept Invite & Continue' });
  await expect(accept).toHaveAttribute('href', `/pricing?invite=${token}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);

  // On to pricing, which loads the app at once for the invite and says what it gives.
  await accept.click();
  await expect(page).toHaveURL(`/pricing?invite=${token}`);
  await expect(
    page.getByText(`from ${inviterName}. Applied when you verify your email.`),
  ).toBeVisible();

  scripts.length = 0;
  const invalid = await page.goto(`/invite/${'Z'.repeat(32)}`);
  expect(invalid?.status()).toBe(404);
  expect(invalid?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite Not Found' })).toBeVisible();
  await expect(page.getByText('This invite may have expired or already been used.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL('/');
});
