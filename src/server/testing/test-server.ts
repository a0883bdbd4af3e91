import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from './test-database';
import { cookieHeader } from './test-app';
import { startSmtpCatcher } from '../../../tests/e2e/support/mailbox';

// Real server processes for the scale-out and crash tests (decision 0024): `node --import tsx
// src/server/index.ts` exactly as `npm start` runs it, one child per process, talked to over HTTP.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** One secret for every process of a test: a cookie signed by one must verify on the others. */
export const TEST_AUTH_SECRET = 'scale-out-test-secret-0123456789abcdef';

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit; the exit code. */
  stop(): Promise<number | null>;
  /** kill -9: no shutdown code runs. */
  kill(): Promise<void>;
}

/**
 * Starts the server on `port` with exactly the given settings (nothing read from this process's own
 * environment or a .env file, whose values would otherwise fill the gaps) and waits until
 * /api/health answers. Rejects with the process's output if it exits first.
 */
export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const { port } = options;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // Test clients pose as different addresses (X-Forwarded-For), as members behind one proxy.
      TRUST_PROXY: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let gone = false;
  void exited.then(() => (gone = true));

  // Generous: a busy 2-core machine can take a minute to compile and start the server.
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (gone) throw new Error(`the server on port ${port} exited at start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} did not answer in time:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url,
    child,
    output: () => output,
    exited,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped by `drop()`. Null when
 * TEST_DATABASE_URL is unset.
 */
export async function createServerDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
} | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  return createScratchDatabase(serverUrl, 'stackdays_procs');
}

export interface CapturedMail {
  to: string;
  subject: string;
}

/** A real SMTP server that keeps every message's recipient and subject (one entry a recipient). */
export async function startMailCatcher(port: number) {
  const catcher = await startSmtpCatcher(port);
  const received = (): CapturedMail[] =>
    catcher.mails.flatMap((m) => m.to.map((to) => ({ to, subject: m.subject })));
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    /** Every message so far, one entry a recipient. */
    get mails() {
      return received();
    },
    /** The 6-digit code of the newest message to `email` (waits for it). */
    async codeFor(email: string, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const code = received()
          .filter((m) => m.to === email.toLowerCase())
          .at(-1)
          ?.subject.match(/\b(\d{6})\b/)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no code mailed to ${email}`);
    },
    close: catcher.close,
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

let addresses = 0;

/** A member's browser: a cookie jar and an address of its own, pointed at any of the processes. */
export class HttpMember {
  readonly cookies = new Map<string, string>();
  readonly ip = `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  /** Another browser holding the same cookies (a second tab, or a stolen cookie). */
  copy(): HttpMember {
    const other = new HttpMember();
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async request(
    baseUrl: string,
    path: string,
    init: RequestInit & { json?: unknown } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.ip);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (this.cookies.size) headers.set('cookie', cookieHeader(this.cookies));
    const res = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** The request's JSON answer; throws with the body when the status is not `expected`. */
  async json<T>(
    baseUrl: string,
    path: string,
    init: RequestInit & { json?: unknown } = {},
    expected = init.method && init.method !== 'GET' ? [200, 201] : [200],
  ): Promise<T> {
    const res = await this.request(baseUrl, path, init);
    const text = await res.text();
    if (!expected.includes(res.status))
      throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

/** Signs a new member up through `baseUrl` with the code from the mail catcher; returns them signed in. */
export async function signUpMember(
  baseUrl: string,
  mailbox: MailCatcher,
  options: { email: string; displayName: string; timeZone?: string },
): Promise<{ member: HttpMember; userId: string }> {
  const member = new HttpMember();
  await member.json(baseUrl, '/api/account/sign-up', {
    method: 'POST',
    json: {
      displayName: options.displayName,
      email: options.email,
      password: 'correct horse 1',
      acceptTerms: true,
      timeZone: options.timeZone ?? 'UTC',
    },
  });
  const code = await mailbox.codeFor(options.email);
  await member.json(baseUrl, '/api/account/verify-email', {
    method: 'POST',
    json: { email: options.email, code },
  });
  const session = await member.json<{ user: { userId: string } | null }>(
    baseUrl,
    '/api/account/session',
  );
  if (!session.user) throw new Error(`${options.email} is not signed in after verifying`);
  return { member, userId: session.user.userId };
}
