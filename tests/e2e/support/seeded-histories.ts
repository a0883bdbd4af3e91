import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInWithMailedCode, startBuiltServer } from '../../../scripts/lighthouse-server.mjs';
import { E2E } from './ports';

/**
 * A built server of its own on a data directory seeded from a histories file (`npm run seed:demo
 * -- --histories FILE`, README): histories end yesterday in each member's zone, so a journey on
 * them runs apart from the shared server. `signIn` puts a member's session on the page's context
 * (an e-mailed code, asked once per member).
 */
export function seededHistoriesServer(label: string, histories: object, port?: number) {
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  let dataDir = '';
  const cookies = new Map<string, string>();
  const url = () => server!.url;
  return {
    url,
    async start() {
      dataDir = mkdtempSync(path.join(tmpdir(), `stackdays-${label}-e2e-`));
      const file = path.join(dataDir, 'histories.json');
      writeFileSync(file, JSON.stringify(histories));
      const done = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/seed-demo.ts', '--histories', file],
        { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'inherit' },
      );
      if (done.status !== 0) throw new Error('seed-demo.ts --histories failed');
      server = await startBuiltServer({
        port,
        dataDir,
        env: { SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}` },
      });
    },
    async stop() {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async signIn(page: Page, email: string) {
      if (!cookies.has(email))
        cookies.set(email, await signInWithMailedCode(url(), E2E.mailboxUrl, email));
      await page.context().clearCookies();
      await page.context().addCookies(
        cookies
          .get(email)!
          .split('; ')
          .map((pair) => {
            const [name, ...value] = pair.split('=');
            return { name, value: value.join('='), url: url() };
          }),
      );
    },
  };
}
