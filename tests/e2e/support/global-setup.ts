import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E } from './ports';
import { startMailbox } from './mailbox';

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not become healthy at ${url}`);
}

/** Starts a real SMTP server and the real app (built front end, fresh PGlite data directory). */
export default async function globalSetup() {
  const stale = await fetch(`${E2E.baseUrl}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) {
    throw new Error(
      `Something already answers on ${E2E.baseUrl}; stop it or set E2E_PORT to a free port.`,
    );
  }
  const mailbox = await startMailbox(E2E.smtpPort, E2E.mailboxPort);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stackdays-e2e-'));
  const server = spawn(process.execPath, ['dist/server/index.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // The server's own zone is nobody's: members' times must never come out in it (decision 0033).
      TZ: 'UTC',
      PORT: String(E2E.appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E.baseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: E2E.authSecret,
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      ADMIN_EMAILS: [E2E.adminEmail, ...Object.values(E2E.journeyAdmins)].join(','),
      // Where members ask for more time on this server without payments (decision 0034).
      BILLING_CONTACT: E2E.billingContact,
      LOG_LEVEL: 'warn',
      // Journeys pose as different client addresses (support/test.ts), like members behind one proxy.
      TRUST_PROXY: 'true',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: npx -> tsx -> node is three processes, and all of them must stop at the end
    // (a survivor keeps the port, and the next run's health check would pass against the old build).
    detached: true,
  });
  await waitForHealth(`${E2E.baseUrl}/api/health`, 60_000);

  return async () => {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      try {
        process.kill(-server.pid!, 'SIGTERM');
      } catch {
        server.kill('SIGTERM');
      }
      setTimeout(resolve, 5000);
    });
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
