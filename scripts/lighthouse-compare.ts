/**
 * Side-by-side Lighthouse (mobile preset, as `npm run lighthouse`) of several builds on the member
 * screens, under the same load: this shared machine's load moves scores by tens of points between
 * runs, so builds are compared in one run, alternating page by page.
 *
 *   LIGHTHOUSE_BUILDS="before=/tmp/builds/a,after=." npx tsx scripts/lighthouse-compare.ts
 *
 * Each build directory holds a `dist/` from `npm run build` and a `node_modules` (a symlink to this
 * checkout's will do). One data directory is seeded, copied for each build, and each build's server
 * runs on its own copy. LIGHTHOUSE_ROUNDS (2) rounds; LIGHTHOUSE_ONLY="/app/feed" measures one page;
 * LIGHTHOUSE_OUT=dir keeps each report (JSON) and, with LIGHTHOUSE_TRACE=1, its trace. Every figure
 * is printed with the load average (1 minute) before and after it.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
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
const builds = (process.env.LIGHTHOUSE_BUILDS ?? `current=${process.cwd()}`)
  .split(',')
  .map((entry) => {
    const [name, dir] = entry.split('=');
    if (!name || !dir) throw new Error(`LIGHTHOUSE_BUILDS: "${entry}" is not name=dir`);
    return { name, dir: path.resolve(dir) };
  });
const pages = (process.env.LIGHTHOUSE_ONLY ?? '/app,/app/feed,/app/cycle')
  .split(',')
  .map((p) => p.trim());
const rounds = Number(process.env.LIGHTHOUSE_ROUNDS ?? 2);
const outDir = process.env.LIGHTHOUSE_OUT;
if (outDir) mkdirSync(outDir, { recursive: true });

const seededDir = mkdtempSync(path.join(tmpdir(), 'stackdays-lh-compare-'));
seedDemoDataDir(seededDir);

const smtpPort = await freePort();
const mailboxUrl = `http://127.0.0.1:${await freePort()}`;
const mailbox = await startMailbox(smtpPort, Number(new URL(mailboxUrl).port));
const servers: { name: string; url: string; cookie: string; stop: () => Promise<void> }[] = [];
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
try {
  for (const build of builds) {
    const dataDir = `${seededDir}-${build.name}`;
    cpSync(seededDir, dataDir, { recursive: true });
    const server = await startBuiltServer({
      dataDir,
      appDir: build.dir,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
    const stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    servers.push({ name: build.name, url: server.url, stop, cookie: '' });
    servers.at(-1)!.cookie = await signInWithMailedCode(server.url, mailboxUrl, member);
  }
  await alternate({ chromePort: chrome.port, servers, pages, rounds, outDir });
} finally {
  await chrome.kill();
  for (const server of servers) await server.stop();
  await mailbox.close();
  rmSync(seededDir, { recursive: true, force: true });
}
