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
 * temporary data directory.
 */
export async function startBuiltServer({ port, dataDir, env = {} } = {}) {
  const usedPort = port ?? (await freePort());
  const ownDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'stackdays-perf-'));
  const url = `http://127.0.0.1:${usedPort}`;
  const server = spawn(process.execPath, ['dist/server/index.mjs'], {
    cwd: root,
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
