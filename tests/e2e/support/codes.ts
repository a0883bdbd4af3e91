import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from './ports';

interface Mail {
  to: string[];
  subject: string;
  raw: string;
}

/** Every message the real SMTP server received for this address, oldest first. */
export async function mailsFor(email: string): Promise<Mail[]> {
  const res = await fetch(`${E2E.mailboxUrl}/?to=${encodeURIComponent(email)}`);
  return (await res.json()) as Mail[];
}

/** Waits for a message newer than the first `seen` ones and returns the 6-digit code in its subject. */
export async function nextCode(email: string, seen: number, timeoutMs = 15_000): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsFor(email);
        code = mails
          .slice(seen)
          .at(-1)
          ?.subject.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: timeoutMs, message: `a code mailed to ${email}` },
    )
    .toBeTruthy();
  return code!;
}

/** A unique address per test (and per retry), so journeys never share an account. */
export function uniqueEmail(prefix: string, info: { workerIndex: number; retry: number }): string {
  return `${prefix}-${Date.now()}-${info.workerIndex}-${info.retry}@e2e.test`.toLowerCase();
}

/**
 * Creates a verified account through the API and signs `request`'s context in (page.request shares the
 * page's cookies). Used where the sign-up screens are not what the test is about.
 */
export async function signUpAndVerify(
  request: APIRequestContext,
  email: string,
  displayName: string,
  options: { timeZone?: string } = {},
) {
  const seen = (await mailsFor(email)).length;
  const signUp = await request.post('/api/account/sign-up', {
    data: { displayName, email, password: 'stack-days-2026', acceptTerms: true, ...options },
  });
  expect(signUp.status()).toBe(201);
  const code = await nextCode(email, seen, 5_000).catch(() => null);
  if (code) {
    const verify = await request.post('/api/account/verify-email', { data: { email, code } });
    // The one address journeys share (the admin's) can be asked a code by a journey on the other
    // worker at the same moment: the newer code replaces this one. Only there, sign in afresh.
    if (email !== E2E.adminEmail) expect(verify.ok()).toBe(true);
    if (verify.ok()) return;
  }
  // The address already had an account (a retried test, fixed admin address): no new mail comes,
  // so sign it in by code instead.
  await signInByApi(request, email);
}

/**
 * Signs in by an e-mailed code. A code another journey's request replaced (the shared admin address)
 * is refused: ask a fresh one, after the cooldown the server names, up to three times.
 */
async function signInByApi(request: APIRequestContext, email: string) {
  for (let attempt = 1; ; attempt += 1) {
    const seen = (await mailsFor(email)).length;
    let sent = await request.post('/api/account/send-code', {
      data: { email, purpose: 'sign-in' },
    });
    if (sent.status() === 429) {
      const { details } = (await sent.json()) as { details: { retryAfter: number } };
      await new Promise((resolve) => setTimeout(resolve, (details.retryAfter + 1) * 1000));
      sent = await request.post('/api/account/send-code', { data: { email, purpose: 'sign-in' } });
    }
    expect(sent.ok()).toBe(true);
    const code = await nextCode(email, seen);
    const signIn = await request.post('/api/account/sign-in', { data: { email, code } });
    if (signIn.ok() || attempt === 3) {
      expect(signIn.ok()).toBe(true);
      return;
    }
  }
}

/**
 * Asks for a sign-in code on /signin. A code mailed less than 30 s ago (at sign-up) makes the server
 * ask us to wait: wait exactly as long as it says, then ask again.
 */
export async function requestSignInCode(page: Page, email: string) {
  const seen = (await mailsFor(email)).length;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/account/send-code'));
    await page.getByRole('button', { name: 'Send code' }).click();
    const res = await answer;
    if (res.ok()) break;
    expect(res.status()).toBe(429);
    const body = (await res.json()) as { message: string; details: { retryAfter: number } };
    await expect(page.getByText(body.message)).toBeVisible();
    await page.waitForTimeout((body.details.retryAfter + 1) * 1000);
  }
  await expect(page.getByText('6-digit code sent! Check your email.')).toBeVisible();
  return nextCode(email, seen);
}
