// The performance budgets (decision 0022), run by `npm run test:e2e` right after the build:
// - the landing page's JavaScript: at most BUDGET_LANDING_JS_KB (90) KB gzip;
// - every public page's bytes on a first load (HTML, scripts, styles, fonts, API answers, headers
//   included): at most BUDGET_PAGE_KB (170) KB.
// It starts the built server on a fresh data directory, opens each page in Chromium with an empty
// cache, counts the bytes that really crossed the wire (Chrome's own count, through CDP) until the
// network is idle, prints them and exits 1 when a budget is passed. 1 KB = 1,000 bytes.
// For information (no budget): the pages that load the app on the visitor's first intent (boot.ts)
// are then sent a key press (Tab), and what they cost once the app has taken over is printed too.
// The pages are the page manifest's (src/shared/pages.ts): every prerendered page, and every
// server-rendered member screen, opened by a member signed up here (the same page budget).
// Run with tsx's loader (`npm run check:budgets`), which reads the manifest and the test mailbox.
// Every page is measured in every locale (issue 47, decision 0120): a browser whose language is that
// locale's, and a member who signed up from it (and carries its sd_lang cookie); each page must say
// that locale in <html lang>, before and after the app takes it over, and log no hydration error.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PAGES as MANIFEST } from '../src/shared/pages.ts';
import { LOCALES } from '../src/shared/i18n/locales.ts';
import { startMailbox } from '../tests/e2e/support/mailbox.ts';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  freePort,
  mailedCode,
  startBuiltServer,
} from './lighthouse-server.mjs';

const KB = 1000;
const landingJsBudget = Number(process.env.BUDGET_LANDING_JS_KB ?? 90) * KB;
const pageBudget = Number(process.env.BUDGET_PAGE_KB ?? 170) * KB;
const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));

/**
 * [name, path, loads the app on the first intent, a member's page] from the manifest: the prerendered
 * pages the server answers (the invite page with an unknown token: the page of a valid invite is the
 * same but for the name and the link; the 404 at an unknown address), then the server-rendered
 * screens. Every one is held to the same budget.
 */
const PAGES = [
  ...MANIFEST.filter((page) => page.kind === 'prerendered').map((page) => [
    page.name,
    page.path === '*' ? '/no/such/page' : page.path.replace(':token', 'budget-check-invite-token'),
    page.load === 'intent',
    false,
  ]),
  ...MANIFEST.filter((page) => page.kind === 'server').map((page) => [
    page.name,
    page.path,
    true,
    true,
  ]),
];

/** The Accept-Language of a browser in `locale`. */
const BROWSER_LANGUAGE = { en: 'en-US', es: 'es-ES', de: 'de-DE' };

/**
 * A member signed up and verified through the API, as the sign-up page does, from a browser in
 * `locale`: their cookies, and the visitor's language cookie of that locale.
 */
async function signedUpMember(serverUrl, mailboxUrl, locale) {
  const email = `budget-${locale}-${Date.now()}@stackdays.local`;
  const headers = {
    'Content-Type': 'application/json',
    Origin: serverUrl,
    'Accept-Language': BROWSER_LANGUAGE[locale],
  };
  const signUp = await fetch(`${serverUrl}/api/account/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      displayName: 'Budget Member',
      email,
      password: 'stack-days-2026',
      acceptTerms: true,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status}`);
  // The code is entered in the browser that signed up, which carries its sealed sign-up (decision
  // 0072): otherwise the account starts afresh and asks to finish signing up (0095).
  const signUpCookie = signUp.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const code = await mailedCode(mailboxUrl, email);
  const verified = await fetch(`${serverUrl}/api/account/verify-email`, {
    method: 'POST',
    headers: { ...headers, cookie: signUpCookie },
    body: JSON.stringify({ email, code }),
  });
  if (!verified.ok) throw new Error(`verify-email: ${verified.status}`);
  return [
    ...verified.headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: serverUrl };
    }),
    { name: 'sd_lang', value: locale, url: serverUrl },
  ];
}

/**
 * A served screen's address for the budget member: `:crewId` is a crew they make here (issue 44);
 * null for a page they cannot reach through the API (a crew cycle's finale needs its Day 90).
 */
async function memberAddress(serverUrl, cookies, pathname) {
  if (!pathname.includes(':')) return pathname;
  if (pathname.includes(':cycleId')) return null;
  const res = await fetch(`${serverUrl}/api/crews`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: serverUrl,
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    },
    body: JSON.stringify({ name: 'Budget Crew' }),
  });
  if (res.status !== 201) throw new Error(`a crew for the budget member: ${res.status}`);
  const crew = await res.json();
  return pathname.replace(':crewId', crew.id);
}

/** The gzip size of a built file, as the budget is stated in gzip whatever the browser got. */
function gzipSize(urlPath) {
  const file = path.join(clientDir, path.normalize(decodeURIComponent(urlPath)));
  if (!file.startsWith(clientDir + path.sep)) throw new Error(`outside the build: ${urlPath}`);
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Keeps count of the requests in flight; idle() resolves once none has been for `quietMs`. */
function trackRequests(cdp, quietMs = 500) {
  const inFlight = new Set();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    inFlight.add(requestId);
    lastChange = Date.now();
  });
  for (const event of ['Network.loadingFinished', 'Network.loadingFailed'])
    cdp.on(event, ({ requestId }) => {
      inFlight.delete(requestId);
      lastChange = Date.now();
    });
  return {
    async idle() {
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs)
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

/**
 * Loads one page in a fresh context and adds up what Chrome says it received, by resource type.
 * With `intent`, then presses Tab (the app loads on a first key press, boot.ts), waits until the
 * app has taken the page over and the network is idle, and adds up everything received by then.
 */
async function measure(browser, url, { intent = false, cookies = [], locale = 'en' } = {}) {
  const context = await browser.newContext({ locale: BROWSER_LANGUAGE[locale] });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const hydrationErrors = [];
  page.on('console', (message) => {
    if (/hydrat|did not match/i.test(message.text())) hydrationErrors.push(message.text());
  });
  const lang = () => page.locator('html').getAttribute('lang');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const network = trackRequests(cdp);
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, { type, url: response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) request.bytes = encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Anything a page would still start on its own, given a moment.
  await page.waitForTimeout(500);
  const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
  const firstLoad = [...requests.values()];
  const served = (await page.locator('#root[data-prerendered="member"]').count()) === 1;
  const scripts = firstLoad.filter((r) => r.type === 'Script');
  const result = {
    total: sum(firstLoad),
    scripts: sum(scripts),
    scriptsGzip: scripts.reduce((total, r) => total + gzipSize(new URL(r.url).pathname), 0),
    fonts: sum(firstLoad.filter((r) => r.type === 'Font')),
    requests: firstLoad.length,
    served,
    langs: [await lang()],
    hydrationErrors,
  };
  if (intent) {
    await page.keyboard.press('Tab');
    // The app drops the attribute once its render has replaced the prerendered markup.
    await page.locator('#root[data-prerendered]').waitFor({ state: 'detached' });
    await network.idle();
    result.afterIntent = sum([...requests.values()]);
    result.langs.push(await lang());
  }
  await context.close();
  return result;
}

const smtpPort = await freePort();
const mailboxUrl = `http://127.0.0.1:${await freePort()}`;
const mailbox = await startMailbox(smtpPort, Number(new URL(mailboxUrl).port));
const server = await startBuiltServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const failures = [];
try {
  const kb = (bytes) => (bytes / KB).toFixed(1).padStart(6);
  console.log(
    `Budgets: landing JS ≤ ${landingJsBudget / KB} KB gzip; every public page and served member screen ≤ ${pageBudget / KB} KB on first load`,
  );
  console.log(
    'page              requests  total KB  scripts KB (gzip)  fonts KB  │ after a first key press KB (no budget)',
  );
  for (const locale of LOCALES) {
    const cookies = await signedUpMember(server.url, mailboxUrl, locale);
    for (const [pageName, pattern, intent, member] of PAGES) {
      const name = `${pageName}${locale === 'en' ? '' : `.${locale}`}`;
      const pathname = member ? await memberAddress(server.url, cookies, pattern) : pattern;
      if (pathname === null) {
        console.log(
          `${name.padEnd(17)} not measured: the budget member has no crew cycle's Day 90`,
        );
        continue;
      }
      const m = await measure(browser, server.url + pathname, {
        intent,
        cookies: member ? cookies : [],
        locale,
      });
      const after = m.afterIntent === undefined ? '' : `  │ ${kb(m.afterIntent)}`;
      console.log(
        `${name.padEnd(17)} ${String(m.requests).padStart(8)}  ${kb(m.total)}    ${kb(m.scripts)} (${kb(m.scriptsGzip)})   ${kb(m.fonts)}${after}`,
      );
      if (m.langs.some((lang) => lang !== locale))
        failures.push(
          `${name} (${pathname}): <html lang> ${m.langs.join(' then ')}, not ${locale}`,
        );
      for (const error of m.hydrationErrors) failures.push(`${name} (${pathname}): ${error}`);
      if (m.total > pageBudget)
        failures.push(`${name} (${pathname}): ${kb(m.total)} KB > ${pageBudget / KB} KB`);
      if (member && !m.served) failures.push(`${name} (${pathname}): not rendered on the server`);
      if (pageName === 'landing' && m.scriptsGzip > landingJsBudget)
        failures.push(
          `landing JavaScript: ${kb(m.scriptsGzip)} KB gzip > ${landingJsBudget / KB} KB`,
        );
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await mailbox.close();
}
if (failures.length) {
  console.error(`Budget passed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('All budgets kept.');
