// Starts the built app (`npm start` without the build step) on a fresh data directory, for
// scripts/check-budgets.mjs and scripts/lighthouse.mjs. The caller builds first (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The chromium Playwright uses (tests/e2e/playwright.config.ts), with the same flags. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Runs the built server (dist/server/index.mjs, from `npm run build`) on 127.0.0.1:<port> with a temporary DATA_DIR (or the one given), waits
 * for /api/health, and returns its address and a stop() that ends the process group and removes a
 * temporary data directory. `appDir`: another build's directory (holding its dist/ and a
 * node_modules), for scripts/lighthouse-compare.ts; this checkout by default.
 */
export async function startBuiltServer({ port, dataDir, env = {}, appDir = root } = {}) {
  const usedPort = port ?? (await freePort());
  const ownDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'stackdays-perf-'));
  const url = `http://127.0.0.1:${usedPort}`;
  const server = spawn(process.execPath, ['dist/server/index.mjs'], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(usedPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const stop = () =>
    new Promise((resolve) => {
      server.once('exit', () => resolve());
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        server.kill('SIGTERM');
      }
      setTimeout(resolve, 5000);
    }).then(() => {
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The app did not become healthy at ${url}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, dataDir: dir, stop };
}

/** The 6-digit code in the newest mail to `email` in the test mailbox at `mailboxUrl`. */
export async function mailedCode(mailboxUrl, email) {
  for (let i = 0; i < 60; i += 1) {
    await new Promise((r) => setTimeout(r, 250));
    const mails = await (await fetch(`${mailboxUrl}/?to=${encodeURIComponent(email)}`)).json();
    const code = mails.at(-1)?.subject.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  throw new Error(`no code arrived for ${email}`);
}

/**
 * Signs in as `email` the way the sign-in page does (a code e-mailed to the test mailbox at
 * `mailboxUrl`, tests/e2e/support/mailbox.ts) and returns the session cookie for a Cookie header.
 */
export async function signInWithMailedCode(serverUrl, mailboxUrl, email) {
  const headers = { 'Content-Type': 'application/json', Origin: serverUrl };
  const sent = await fetch(`${serverUrl}/api/account/send-code`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, purpose: 'sign-in' }),
  });
  if (!sent.ok) throw new Error(`send-code: ${sent.status}`);
  const code = await mailedCode(mailboxUrl, email);
  const signedIn = await fetch(`${serverUrl}/api/account/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, code }),
  });
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status}`);
  return signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
