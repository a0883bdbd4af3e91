import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { mailsFor, signUpAndVerify, uniqueEmail } from './support/codes';
import { msg } from '../../src/shared/messages';
import { formatDate } from '../../src/shared/format';
import { MOVE_MINUTES_MAX } from '../../src/shared/constants';
import type { Locale } from '../../src/shared/i18n/locales';
import { registerCatalogue, setLocaleSource } from '../../src/shared/i18n/translate';
import en from '../../src/locales/en.json' with { type: 'json' };
import es from '../../src/locales/es.json' with { type: 'json' };
import de from '../../src/locales/de.json' with { type: 'json' };

// Issue 47's browser journey: a Spanish browser from the landing page to the last e-mail, and a
// visitor choosing German in the footer. What the pages should say is read from the catalogues
// through msg itself, in the locale asked, so a translation can change without this journey.

registerCatalogue('es', es);
registerCatalogue('de', de);

/** What `read` says in `locale` (msg and format.ts read the current locale at each call). */
function inLocale<T>(locale: Locale, read: () => T): T {
  const previous = setLocaleSource(() => locale);
  try {
    return read();
  } finally {
    setLocaleSource(previous);
  }
}
const inSpanish = <T>(read: () => T) => inLocale('es', read);
const inGerman = <T>(read: () => T) => inLocale('de', read);

/**
 * English sentences a translated page must not show: every plain message of three words or more
 * whose translation differs (names and terms kept as in English are not English left behind).
 */
function englishLeftIn(text: string, translated: Record<string, string>): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return Object.entries(en as Record<string, string>)
    .filter(
      ([id, english]) =>
        !/[{}<#']/.test(english) &&
        english.trim().split(/\s+/).length >= 3 &&
        translated[id] !== english,
    )
    .map(([, english]) => english)
    .filter((english) => flat.includes(english));
}

// Words of English that are no words of Spanish or German: a sentence written in a component (not
// in the catalogue at all) still shows one. Names the product keeps (StackDays, Health Auto Export)
// hold none of them.
const ENGLISH_WORDS = new Set(
  'the and your you with for this that have are every after of to is it my'.split(' '),
);

// Names kept as they are (docs/translation/) that hold one of those words.
const KEPT_NAMES = ['Health Connect to Webhook'];

/** Each English word on a page, with the words around it, to say where it is. */
function englishWordsIn(text: string): string[] {
  const words = KEPT_NAMES.reduce((left, name) => left.replaceAll(name, ' '), text).split(/\s+/);
  return words
    .map((word, at) => ({ word: word.toLowerCase().replace(/[^\p{L}]/gu, ''), at }))
    .filter(({ word }) => ENGLISH_WORDS.has(word))
    .map(({ at }) => words.slice(Math.max(0, at - 3), at + 4).join(' '));
}

/** No English on the page as shown: neither a catalogue sentence nor a word of one. */
async function expectNoEnglish(
  page: Page,
  translated: object,
  { englishWords = true }: { englishWords?: boolean } = {},
) {
  const shown = await page.locator('body').innerText();
  expect([
    ...englishLeftIn(shown, translated as Record<string, string>),
    ...(englishWords ? englishWordsIn(shown) : []),
  ]).toEqual([]);
}

/** The words of served HTML as a reader meets them before any script: no tags, scripts or styles. */
function servedText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A mail's HTML part, its transfer encoding undone. */
function mailHtml(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/html/i.test(p)) ?? '';
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The newest mail to `email` after the first `seen` (waits for it). */
async function nextMail(email: string, seen: number) {
  let mail: Awaited<ReturnType<typeof mailsFor>>[number] | undefined;
  await expect
    .poll(async () => (mail = (await mailsFor(email)).slice(seen).at(-1)) !== undefined, {
      message: `a mail to ${email}`,
    })
    .toBe(true);
  return { subject: mail!.subject, html: mailHtml(mail!.raw) };
}

const SHOTS = '/tmp/shots-47';

/** axe finds nothing at a phone's and a laptop's width; a screenshot of each goes to SHOTS. */
async function checkWidths(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    // Nothing wider than the screen: a long Spanish or German word breaks instead of overflowing.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width} px scrolls sideways`,
    ).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/**
 * The server's own answer for `path` (the service worker, once installed, answers /app from its
 * shell): `<html lang>` and no English sentence in its words, the first paint before any script.
 * Then the page itself, opened in the browser, says the same language.
 */
async function expectServedIn(
  page: Page,
  pathname: string,
  locale: Locale,
  translated: object,
  acceptLanguage = ACCEPT_LANGUAGE,
  // An English page is checked for its language only: its words are English by design.
  { englishWords = locale !== 'en' }: { englishWords?: boolean } = {},
) {
  const response = await page.request.get(pathname, {
    headers: { 'accept-language': acceptLanguage },
  });
  expect(response.ok()).toBe(true);
  const html = await response.text();
  expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
  const served = servedText(html);
  expect([
    ...englishLeftIn(served, translated as Record<string, string>),
    ...(englishWords ? englishWordsIn(served) : []),
  ]).toEqual([]);
  await page.goto(pathname);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** What Chromium sends for the locale es-ES (page.request does not send it by itself). */
const ACCEPT_LANGUAGE = 'es-ES,es;q=0.9';
test.use({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });

test('a Spanish browser: landing, sign-up, the code, a nudge, a check-in, then English from Profile', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('lang-lucia', info);

  // The landing page: Spanish in the served HTML itself (no flash of English), and on screen.
  await expectServedIn(page, '/', 'es', es);
  await expect(page.getByRole('link', { name: inSpanish(() => msg.common.signIn) })).toBeVisible();
  await expect(
    page.getByText(
      inSpanish(() => msg.languageLabel),
      { exact: true },
    ),
  ).toBeVisible();
  await expectNoEnglish(page, es);
  await checkWidths(page, 'landing-es');

  // Sign-up, in Spanish; the account takes the browser's language.
  await expectServedIn(page, '/signup', 'es', es);
  await page.getByLabel(inSpanish(() => msg.common.displayName)).fill('Lucía');
  await page
    .getByLabel(
      inSpanish(() => msg.common.email),
      { exact: true },
    )
    .fill(email);
  await page
    .getByLabel(
      inSpanish(() => msg.signUpForm.password),
      { exact: true },
    )
    .fill('stack-days-2026');
  await page.getByRole('checkbox').check();
  const seen = (await mailsFor(email)).length;
  await page.getByRole('button', { name: inSpanish(() => msg.signUpForm.createAccount) }).click();
  await expect(page.getByText(inSpanish(() => msg.accountCreated))).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?/);

  // The code e-mail: a Spanish subject and <html lang="es">.
  const codeMail = await nextMail(email, seen);
  const code = codeMail.subject.match(/\b(\d{6})\b/)?.[1] ?? '';
  expect(codeMail.subject).toBe(inSpanish(() => msg.mail.codeVerifySubject(code)));
  expect(codeMail.html).toMatch(/<html[^>]* lang="es"/);
  await page.getByLabel(inSpanish(() => msg.verifyEmailForm.verificationCode)).fill(code);
  await page
    .getByRole('button', { name: inSpanish(() => msg.verifyEmailForm.verifyEmail) })
    .click();
  await expect(page.getByText(inSpanish(() => msg.emailVerified))).toBeVisible();
  await expect(page).toHaveURL('/app/start-trial');
  await page.getByRole('button', { name: /30/ }).click();
  await expect(page).toHaveURL('/app');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const profile = (await (await page.request.get('/api/profile')).json()) as { language: string };
  expect(profile.language).toBe('es');
  expect((await page.request.post('/api/profile/intake/skip')).ok()).toBe(true);

  // A nudge from an English crewmate: Eve reads English, Lucía's e-mail is in Spanish.
  const nudgeSeen = (await mailsFor(email)).length;
  await nudgeFromEnglishCrewmate(browser, page, info);
  const nudge = await nextMail(email, nudgeSeen);
  expect(nudge.subject).toBe(inSpanish(() => msg.crewNudgeTitle('Eve', 1)));
  expect(nudge.html).toMatch(/<html[^>]* lang="es"/);

  // The check-in: a 422 from the server shown on its field in Spanish, then the real one.
  await expectServedIn(page, '/app', 'es', es);
  const form = page.getByRole('form', { name: inSpanish(() => msg.todaysCheckin) });
  await form.getByLabel(inSpanish(() => msg.checkinForm.moveMinutes)).fill('40');
  await form
    .getByLabel(
      inSpanish(() => msg.common.steps),
      { exact: true },
    )
    .fill('10432');
  await checkWidths(page, 'checkin-es');
  // The form allows at most MOVE_MINUTES_MAX: the request is changed on its way, so the answer is the
  // server's own problem detail.
  await page.route('**/api/checkins', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({
      postData: JSON.stringify({ ...body, movedMinutes: MOVE_MINUTES_MAX + 1 }),
    });
  });
  const refused = page.waitForResponse(
    (res) => res.url().endsWith('/api/checkins') && res.request().method() === 'POST',
  );
  await form
    .getByRole('button', { name: inSpanish(() => msg.checkinForm.completeCheckIn) })
    .click();
  const problem = await refused;
  expect(problem.status()).toBe(422);
  const tooHigh = inSpanish(() => msg.moveMinutesTooHigh);
  expect(
    ((await problem.json()) as { details: { fields: Record<string, string> } }).details.fields,
  ).toMatchObject({ movedMinutes: tooHigh });
  await expect(
    form.getByLabel(inSpanish(() => msg.checkinForm.moveMinutes)),
  ).toHaveAccessibleDescription(tooHigh);
  await page.unroute('**/api/checkins');

  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/checkins') && res.request().method() === 'POST',
  );
  await form
    .getByRole('button', { name: inSpanish(() => msg.checkinForm.completeCheckIn) })
    .click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText(inSpanish(() => msg.checkinCompleted))).toBeVisible();
  const summary = page.getByRole('region', { name: inSpanish(() => msg.todaysCheckinComplete) });
  await expect(summary.getByRole('definition').nth(1)).toContainText('10.432');
  await expectNoEnglish(page, es);
  await checkWidths(page, 'home-es');

  // Settings: the account's first day as a Spanish date ('29 nov 2026'), in the member's zone.
  await expectServedIn(page, '/app/settings', 'es', es, ACCEPT_LANGUAGE);
  const since = page
    .getByText(
      inSpanish(() => msg.accountSummary.memberSince),
      { exact: true },
    )
    .locator('xpath=..')
    .locator('time');
  const createdAt = (await since.getAttribute('datetime')) ?? '';
  await expect(since).toHaveText(inSpanish(() => formatDate(createdAt, 'Europe/Madrid')));
  await expect(since).toHaveText(/^\d{1,2} [a-z]{3,4}\.? \d{4}$/);
  // Connections' set-up steps: sentences around bold words and code (rich messages), each step one
  // Spanish sentence with its <b> where Spanish puts them, from the page's precompiled catalogue.
  const recipes = page.getByRole('region', {
    name: inSpanish(() => msg.connectionsCard.setUpYourPhone),
  });
  for (const summary of await recipes.locator('summary').all()) await summary.click();
  const bold: string[] = [];
  const firstStep = inSpanish(() =>
    msg.connectionRecipes
      .shortcuts1<string>({
        b: (chunks) => {
          bold.push(chunks.join(''));
          return chunks.join('');
        },
      })
      .join(''),
  );
  const step = recipes.locator('li').first();
  await expect(step).toHaveText(firstStep);
  await expect(step.locator('b')).toHaveText(bold);
  await expect(recipes.locator('code.break-all').first()).toHaveText('Bearer YOUR_TOKEN');
  await expectNoEnglish(page, es);
  await checkWidths(page, 'settings-es');

  // Profile: English. The app reloads in it, and the setting beats the browser's Spanish from now on.
  await page.goto('/app/profile');
  const language = page.getByLabel(inSpanish(() => msg.languageLabel));
  await expect(language).toHaveValue('es');
  await language.selectOption('en');
  await page.locator('form', { has: language }).locator('button[type="submit"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel(msg.languageLabel)).toHaveValue('en');
  await expectServedIn(page, '/app', 'en', en);

  // The next e-mail, a sign-in code asked from this Spanish browser, is in English.
  const signInSeen = (await mailsFor(email)).length;
  let sent = await page.request.post('/api/account/send-code', {
    data: { email, purpose: 'sign-in' },
  });
  if (sent.status() === 429) {
    // A code mailed moments ago makes the server ask for a wait: exactly as long as it says.
    const { details } = (await sent.json()) as { details: { retryAfter: number } };
    await page.waitForTimeout((details.retryAfter + 1) * 1000);
    sent = await page.request.post('/api/account/send-code', {
      data: { email, purpose: 'sign-in' },
    });
  }
  expect(sent.ok()).toBe(true);
  const signInMail = await nextMail(email, signInSeen);
  const signInCode = signInMail.subject.match(/\b(\d{6})\b/)?.[1] ?? '';
  expect(signInMail.subject).toBe(msg.mail.codeSignInSubject(signInCode));
  expect(signInMail.html).toMatch(/<html[^>]* lang="en"/);
});

/** Eve, an English member, makes a crew, Lucía (signed in on `page`) joins it, and Eve nudges her. */
async function nudgeFromEnglishCrewmate(
  browser: Browser,
  page: Page,
  info: { workerIndex: number; retry: number },
) {
  const english = await browser.newContext({ locale: 'en-US' });
  try {
    const eve = await english.newPage();
    await signUpAndVerify(eve.request, uniqueEmail('lang-eve', info), 'Eve');
    expect((await eve.request.post('/api/profile/intake/skip')).ok()).toBe(true);
    const crew = (await (
      await eve.request.post('/api/crews', { data: { name: 'Amigas' } })
    ).json()) as { id: string };
    const link = (await (await eve.request.post(`/api/crews/${crew.id}/invite`)).json()) as {
      url: string;
    };
    const token = new URL(link.url).pathname.split('/').at(-1)!;
    expect((await page.request.post(`/api/crew-invites/${token}/join`)).ok()).toBe(true);
    // Lucía's cycle has started (her home screen was opened), so the nudge names her Day 1.
    expect((await page.request.get('/api/checkins/today')).ok()).toBe(true);

    await eve.goto(`/app/crews/${crew.id}`);
    await expect(eve.locator('html')).toHaveAttribute('lang', 'en');
    await eve.getByRole('button', { name: 'Nudge Lucía' }).click();
    // The sender's answer is in the sender's language.
    await expect(eve.getByText(msg.crewNudgeSent('Lucía'))).toBeVisible();
  } finally {
    await english.close();
  }
}

test('a visitor picks German in the footer; it stays across a reload and on the next page', async ({
  browser,
}) => {
  const visitor = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await visitor.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const menu = page.getByRole('form', { name: msg.languageLabel });
    await menu.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('form', { name: inGerman(() => msg.languageLabel) }).getByRole('button', {
        name: 'Deutsch',
      }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('link', { name: inGerman(() => msg.common.signIn) })).toBeVisible();
    await expectNoEnglish(page, de);

    // Remembered for this browser: a reload and the next page are German, served so.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectServedIn(page, '/', 'de', de, 'en-US,en;q=0.9');
    await expectServedIn(page, '/pricing', 'de', de, 'en-US,en;q=0.9');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/');
    await checkWidths(page, 'landing-de');
  } finally {
    await visitor.close();
  }
});

test("a member picks a language in a legal page's footer; the member area follows it, from the worker's shell too", async ({
  browser,
}, info) => {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    await signUpAndVerify(page.request, uniqueEmail('lang-footer', info), 'Noor');
    expect((await page.request.post('/api/profile/intake/skip')).ok()).toBe(true);
    // The service worker answers /app with its shell from here on (render/page-locale.ts).
    await page.goto('/app');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const languages: [string, Locale][] = [
      ['Español', 'es'],
      ['Deutsch', 'de'],
      ['English', 'en'],
    ];
    for (const [name, locale] of languages) {
      // The privacy page runs no script: only the server hears the choice.
      await page.goto('/privacy');
      await page.locator('form[action="/api/language"]').getByRole('button', { name }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.goto('/app');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(
        page.getByRole('link', { name: inLocale(locale, () => msg.shellNav.home) }).first(),
      ).toBeVisible();
    }
  } finally {
    await context.close();
  }
});
