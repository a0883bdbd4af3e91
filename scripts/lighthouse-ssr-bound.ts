/**
 * What Lighthouse (mobile preset, as `npm run lighthouse`) would give the member screens if the
 * server sent them rendered with their data (decision 0029, amended 2026-11-24 afternoon). Nothing
 * here is served to members: it measures the bound before anyone builds the server rendering.
 *
 *   npx tsx scripts/lighthouse-ssr-bound.ts        (after `npm run build`)
 *
 * It seeds one data directory, runs this checkout's build, signs in as demo member 1 and lets the
 * app render `/app`, `/app/feed` and `/app/cycle` in Chromium at Lighthouse's mobile viewport, then
 * copies each screen's `#root` markup into the member shell of two copies of the build:
 *   - `ssr-intent`: the markup and boot.ts only, as on the public pages: the app would load on the
 *     member's first intent (the markup is in place of what a server renderer would send);
 *   - `ssr-eager`: the markup with the shell's scripts unchanged: the app loads at once and
 *     replaces it (createRoot, as today).
 * Lighthouse then alternates between the build as it is (`current`) and the two copies, page by
 * page, each server on its own copy of the seeded data, with the load average before and after each
 * figure. LIGHTHOUSE_ROUNDS (2); LIGHTHOUSE_OUT=dir keeps each report, and with LIGHTHOUSE_TRACE=1
 * its trace. The copies still send the shells' `Link` preloads of the API answers, which a server
 * renderer would not need: their byte counts are a little high.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { startMailbox } from '../tests/e2e/support/mailbox';
import { alternate, seedDemoDataDir } from './lighthouse-member-run';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  freePort,
  signInWithMailedCode,
  startBuiltServer,
} from './lighthouse-server.mjs';

const member = 'demo1@stackdays.local';
const root = process.cwd();
/** The member screens and their shells (static-client.ts, MEMBER_SHELLS). */
const SHELLS: Record<string, string> = {
  '/app': 'app-home',
  '/app/feed': 'app-feed',
  '/app/cycle': 'app-cycle',
};
const rounds = Number(process.env.LIGHTHOUSE_ROUNDS ?? 2);
const outDir = process.env.LIGHTHOUSE_OUT;
if (outDir) mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'stackdays-ssr-bound-'));

const seeded = path.join(work, 'seeded');
seedDemoDataDir(seeded);

const smtpPort = await freePort();
const mailboxUrl = `http://127.0.0.1:${await freePort()}`;
const mailbox = await startMailbox(smtpPort, Number(new URL(mailboxUrl).port));
type Server = { name: string; url: string; cookie: string; stop: () => Promise<unknown> };
const servers: Server[] = [];
async function start(name: string, appDir: string): Promise<Server> {
  const dataDir = path.join(work, `data-${name}`);
  cpSync(seeded, dataDir, { recursive: true });
  const server = await startBuiltServer({
    dataDir,
    appDir,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  });
  const cookie = await signInWithMailedCode(server.url, mailboxUrl, member);
  const started = { name, url: server.url, cookie, stop: server.stop };
  servers.push(started);
  return started;
}

/** Each screen's `#root` as the app renders it for the member, once its data is in. */
async function renderedScreens(server: Server): Promise<Record<string, string>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    // Lighthouse's mobile preset: 412 × 823 CSS pixels.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    await context.addCookies(
      server.cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: server.url };
      }),
    );
    const markup: Record<string, string> = {};
    for (const screen of Object.keys(SHELLS)) {
      const page = await context.newPage();
      await page.goto(server.url + screen, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      markup[screen] = await page.evaluate(() => document.getElementById('root')!.innerHTML);
      await page.close();
    }
    return markup;
  } finally {
    await browser.close();
  }
}

/** A copy of this build whose member shells hold the rendered markup, edited by `edit`. */
function variant(name: string, markup: Record<string, string>, edit: (html: string) => string) {
  const dir = path.join(work, name);
  cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  cpSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  for (const [screen, shell] of Object.entries(SHELLS)) {
    const file = path.join(dir, 'dist/pages', `${shell}.html`);
    const filled = readFileSync(file, 'utf8').replace(
      /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
      (_, end: string) => `<div id="root">${markup[screen]}</div>${end}`,
    );
    const html = edit(filled);
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html));
  }
  return dir;
}

/** The member shell's scripts replaced by the public pages' boot.ts and its preloads. */
function bootOnly(html: string) {
  const signin = readFileSync(path.join(root, 'dist/pages/signin.html'), 'utf8');
  const boot = [
    ...(signin.match(/<script type="module"[^>]*><\/script>/g) ?? []),
    ...(signin.match(/<link rel="modulepreload"[^>]*>/g) ?? []),
  ];
  if (!boot.length) throw new Error('dist/pages/signin.html has no boot.ts script');
  return html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `  ${boot.join('\n    ')}\n  </head>`);
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
try {
  const current = await start('current', root);
  const markup = await renderedScreens(current);
  await start('ssr-intent', variant('ssr-intent', markup, bootOnly));
  await start(
    'ssr-eager',
    variant('ssr-eager', markup, (html) => html),
  );
  await alternate({
    chromePort: chrome.port,
    servers,
    pages: Object.keys(SHELLS),
    rounds,
    outDir,
  });
} finally {
  await chrome.kill();
  for (const server of servers) await server.stop();
  await mailbox.close();
  rmSync(work, { recursive: true, force: true });
}
