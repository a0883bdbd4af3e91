import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './test';
import { E2E } from './ports';

/**
 * A second server of the same build, beside the journeys' own, with settings of its own (Stripe keys,
 * REQUIRE_SUBSCRIPTION): its own port, embedded database and DATA_DIR, the journeys' SMTP catcher.
 * `start` in a beforeAll waits until it answers; `stop` in an afterAll ends it and removes its data.
 */
export function secondServer(label: string, env: Record<string, string>) {
  let child: ChildProcess | null = null;
  let dataDir = '';
  const server = {
    url: '',
    async start() {
      // A fresh embedded database applies every migration before it answers: 57 s at a load of 14
      // on the shared 2-core machine (60 s was this wait's limit). The hook that calls this waits too.
      test.setTimeout(240_000);
      const port = await freePort();
      server.url = `http://127.0.0.1:${port}`;
      dataDir = mkdtempSync(path.join(tmpdir(), `stackdays-e2e-${label}-`));
      child = spawn(process.execPath, ['dist/server/index.mjs'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: server.url,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
          LOG_LEVEL: 'warn',
          TRUST_PROXY: 'true',
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await expect
        .poll(
          () =>
            fetch(`${server.url}/api/health`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeout: 180_000 },
        )
        .toBe(true);
    },
    async stop() {
      const running = child;
      if (running && running.exitCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await exited;
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
