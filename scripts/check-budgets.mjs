// The performance budgets (decision 0022), run by `npm run test:e2e` right after the build:
// - the landing page's JavaScript: at most BUDGET_LANDING_JS_KB (90) KB gzip;
// - every public page's bytes on a first load (HTML, scripts, styles, fonts, API answers, headers
//   included): at most BUDGET_PAGE_KB (170) KB; the pages that run the app at most
//   BUDGET_APP_PAGE_KB (300) KB for now, their gap to 170 KB printed (see decision 0022).
// It starts the built server on a fresh data directory, opens each page in Chromium with an empty
// cache, counts the bytes that really crossed the wire (Chrome's own count, through CDP) until the
// network is idle, prints them and exits 1 when a budget is passed. 1 KB = 1,000 bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBuiltServer } from './lighthouse-server.mjs';

const KB = 1000;
const landingJsBudget = Number(process.env.BUDGET_LANDING_JS_KB ?? 90) * KB;
const pageBudget = Number(process.env.BUDGET_PAGE_KB ?? 170) * KB;
// The pages that run the app (forms, the session) still load all of its entry and their forms'
// code on first load: over the 170 KB target (decision 0022, open). Until that work is done they are
// held to today's size plus a margin, so that they cannot grow unnoticed, and the gap is printed.
const appPageCeiling = Number(process.env.BUDGET_APP_PAGE_KB ?? 300) * KB;
const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));

/** [name, path, runs the app]: pages without the app are held to the 170 KB budget. */
const PAGES = [
  ['landing', '/', false],
  ['pricing', '/pricing', true],
  ['sign in', '/signin', true],
  ['sign up', '/signup', true],
  ['invite', '/invite/budget-check-invite-token', true],
  ['404', '/no/such/page', false],
];

/** The gzip size of a built file, as the budget is stated in gzip whatever the browser got. */
function gzipSize(urlPath) {
  const file = path.join(clientDir, path.normalize(decodeURIComponent(urlPath)));
  if (!file.startsWith(clientDir + path.sep)) throw new Error(`outside the build: ${urlPath}`);
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Loads one page in a fresh context and adds up what Chrome says it received, by resource type. */
async function measure(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, { type, url: response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) request.bytes = encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The app takes a prerendered page over once its code is in: let it settle.
  await page.waitForTimeout(500);
  await context.close();
  const all = [...requests.values()];
  const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
  const scripts = all.filter((r) => r.type === 'Script');
  return {
    total: sum(all),
    scripts: sum(scripts),
    scriptsGzip: scripts.reduce((total, r) => total + gzipSize(new URL(r.url).pathname), 0),
    fonts: sum(all.filter((r) => r.type === 'Font')),
    requests: all.length,
  };
}

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const failures = [];
try {
  const kb = (bytes) => (bytes / KB).toFixed(1).padStart(6);
  console.log(
    `Budgets: landing JS ≤ ${landingJsBudget / KB} KB gzip; every public page ≤ ${pageBudget / KB} KB on first load`,
  );
  console.log('page       requests  total KB  scripts KB (gzip)  fonts KB');
  const gaps = [];
  for (const [name, pathname, runsApp] of PAGES) {
    const m = await measure(browser, server.url + pathname);
    console.log(
      `${name.padEnd(10)} ${String(m.requests).padStart(8)}  ${kb(m.total)}    ${kb(m.scripts)} (${kb(m.scriptsGzip)})   ${kb(m.fonts)}`,
    );
    const budget = runsApp ? appPageCeiling : pageBudget;
    if (m.total > budget)
      failures.push(`${name} (${pathname}): ${kb(m.total)} KB > ${budget / KB} KB`);
    else if (m.total > pageBudget)
      gaps.push(`${name}: ${kb(m.total)} KB, ${kb(m.total - pageBudget)} KB over the target`);
    if (name === 'landing' && m.scriptsGzip > landingJsBudget)
      failures.push(
        `landing JavaScript: ${kb(m.scriptsGzip)} KB gzip > ${landingJsBudget / KB} KB`,
      );
  }
  if (gaps.length)
    console.log(
      `Not yet at the ${pageBudget / KB} KB target (held under ${appPageCeiling / KB} KB meanwhile):\n  ${gaps.join('\n  ')}`,
    );
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length) {
  console.error(`Budget passed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('All budgets kept.');
