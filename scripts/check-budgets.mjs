// The performance budgets (decision 0022), run by `npm run test:e2e` right after the build:
// - the landing page's JavaScript: at most BUDGET_LANDING_JS_KB (90) KB gzip;
// - every public page's bytes on a first load (HTML, scripts, styles, fonts, API answers, headers
//   included): at most BUDGET_PAGE_KB (170) KB.
// It starts the built server on a fresh data directory, opens each page in Chromium with an empty
// cache, counts the bytes that really crossed the wire (Chrome's own count, through CDP) until the
// network is idle, prints them and exits 1 when a budget is passed. 1 KB = 1,000 bytes.
// For information (no budget): the pages that load the app on the visitor's first intent (boot.ts)
// are then sent a key press (Tab), and what they cost once the app has taken over is printed too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBuiltServer } from './lighthouse-server.mjs';

const KB = 1000;
const landingJsBudget = Number(process.env.BUDGET_LANDING_JS_KB ?? 90) * KB;
const pageBudget = Number(process.env.BUDGET_PAGE_KB ?? 170) * KB;
const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));

/** [name, path, loads the app on the first intent]. Every one is held to the same budget. */
const PAGES = [
  ['landing', '/', false],
  ['pricing', '/pricing', true],
  ['sign in', '/signin', true],
  ['sign up', '/signup', true],
  // An unknown token: the page of a valid invite is the same but for the name and the link.
  ['invite', '/invite/budget-check-invite-token', false],
  ['terms', '/terms', false],
  ['privacy', '/privacy', false],
  ['health', '/health-disclaimer', false],
  ['404', '/no/such/page', false],
];

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
async function measure(browser, url, { intent = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
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
  const scripts = firstLoad.filter((r) => r.type === 'Script');
  const result = {
    total: sum(firstLoad),
    scripts: sum(scripts),
    scriptsGzip: scripts.reduce((total, r) => total + gzipSize(new URL(r.url).pathname), 0),
    fonts: sum(firstLoad.filter((r) => r.type === 'Font')),
    requests: firstLoad.length,
  };
  if (intent) {
    await page.keyboard.press('Tab');
    // The app drops the attribute once its render has replaced the prerendered markup.
    await page.locator('#root[data-prerendered]').waitFor({ state: 'detached' });
    await network.idle();
    result.afterIntent = sum([...requests.values()]);
  }
  await context.close();
  return result;
}

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const failures = [];
try {
  const kb = (bytes) => (bytes / KB).toFixed(1).padStart(6);
  console.log(
    `Budgets: landing JS ≤ ${landingJsBudget / KB} KB gzip; every public page ≤ ${pageBudget / KB} KB on first load`,
  );
  console.log(
    'page       requests  total KB  scripts KB (gzip)  fonts KB  │ after a first key press KB (no budget)',
  );
  for (const [name, pathname, intent] of PAGES) {
    const m = await measure(browser, server.url + pathname, { intent });
    const after = m.afterIntent === undefined ? '' : `  │ ${kb(m.afterIntent)}`;
    console.log(
      `${name.padEnd(10)} ${String(m.requests).padStart(8)}  ${kb(m.total)}    ${kb(m.scripts)} (${kb(m.scriptsGzip)})   ${kb(m.fonts)}${after}`,
    );
    if (m.total > pageBudget)
      failures.push(`${name} (${pathname}): ${kb(m.total)} KB > ${pageBudget / KB} KB`);
    if (name === 'landing' && m.scriptsGzip > landingJsBudget)
      failures.push(
        `landing JavaScript: ${kb(m.scriptsGzip)} KB gzip > ${landingJsBudget / KB} KB`,
      );
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length) {
  console.error(`Budget passed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('All budgets kept.');
