import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { loadConfig } from '../env';
import { createApp, type App, type AppDeps } from '../app';
import { createServices } from '../services';
import { createTestDatabase, type TestDatabase } from './test-database';
import type { MailMessage } from '../lib/mail';
import { profiles, rateLimits, user, userSettings } from '../db/schema';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE, DEFAULT_UNIT_PREF } from '@shared/constants';
import { displayNameFromEmail } from '@shared/domain/display';
import { createContext, systemContext, type ServiceContext } from '../lib/context';
import { forgetSessions } from '../lib/session-cache';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: TestDatabase;
  /** Every mail the app sent, newest last. */
  mails: MailMessage[];
  /** The newest 6-digit code mailed to this address (waits briefly: mail is sent after the reply). */
  lastCode(email: string): Promise<string>;
  client(ip?: string): TestClient;
  /** Signs up and verifies a new member; returns their signed-in client. */
  member(options?: {
    email?: string;
    displayName?: string;
    timeZone?: string;
  }): Promise<TestMember>;
  /**
   * Sets the admin flag behind the services' back and clears the session cache, as the admin CLI
   * does (decision 0030): the member's next request sees it.
   */
  setAdminFlag(userId: string, isAdmin?: boolean): Promise<void>;
  /** Forgets every rate-limit counter (cooldowns included). */
  resetLimits(): Promise<void>;
  /** A service context for the system itself (CLI, scheduler, webhooks), on the given clock. */
  system(name?: string, now?: () => Date): ServiceContext;
  /** A service context acting for this member (read from the database), on the given clock. */
  contextFor(userId: string, options?: { now?: Date | (() => Date) }): Promise<ServiceContext>;
  /** Serves the app on the real node server at a free port of 127.0.0.1 (until close) and returns the port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

/** A signed-up, verified member and their signed-in client. */
export interface TestMember {
  client: TestClient;
  email: string;
  userId: string;
}

export interface TestClient {
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  cookies: Map<string, string>;
}

/** A client's cookies as a browser sends them in its Cookie header. */
export function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The real app on a fresh database, with mail captured in memory, for in-process API tests. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stackdays-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const services = createServices({
    config,
    db: database.db,
    logger,
    secret: 'test-secret-test-secret-test-secret-000',
  });
  const mails: MailMessage[] = [];
  const realSend = services.mailer.send.bind(services.mailer);
  services.mailer.send = (message) => {
    mails.push(message);
    return realSend(message);
  };
  const deps: AppDeps = services;
  const app = createApp(deps);
  const servers: ServerType[] = [];

  let clients = 0;
  let members = 0;
  // Each client is its own address unless a test says otherwise, so per-client limits stay out of the way.
  const client = (ip = `10.${Math.floor(++clients / 250)}.${clients % 250}.1`): TestClient =>
    createTestClient(app, ip);

  const testApp: TestApp = {
    app,
    deps,
    database,
    mails,
    lastCode: (email) => lastCodeMailed(mails, email),
    client,
    async member(options = {}) {
      const email = options.email ?? `member${++members}-${Date.now()}@example.com`;
      return signUpMember(testApp, email, options);
    },
    async setAdminFlag(userId, isAdmin = true) {
      await database.db.update(profiles).set({ isAdmin }).where(eq(profiles.id, userId));
      await forgetSessions(deps);
    },
    async resetLimits() {
      await database.db.delete(rateLimits);
    },
    system(name = 'test', now) {
      return systemContext(deps, name, now);
    },
    contextFor: (userId, options = {}) => memberContext(deps, userId, options),
    async listen() {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      servers.push(server);
      await new Promise<void>((resolve) => server.once('listening', resolve));
      return (server.address() as AddressInfo).port;
    },
    async close() {
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
      await services.mailer.idle();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** A client at `ip` that keeps the cookies the app sets, as a browser does. */
function createTestClient(app: App, ip: string): TestClient {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async request(p, init = {}) {
      const headers = new Headers(init.headers);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      if (cookies.size) headers.set('cookie', cookieHeader(cookies));
      const res = await app.request(
        p,
        {
          ...init,
          headers,
          body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
        },
        { incoming: { socket: { remoteAddress: ip, remotePort: 50000, remoteFamily: 'IPv4' } } },
      );
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(';');
        const [name, ...rest] = pair.split('=');
        const value = rest.join('=');
        const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
        if (expired) cookies.delete(name.trim());
        else cookies.set(name.trim(), value);
      }
      return res;
    },
  };
}

/** The newest 6-digit code mailed to `email`, waiting up to a second for it. */
async function lastCodeMailed(mails: MailMessage[], email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = mails.filter((m) => m.to === email).at(-1);
    const code = mail?.subject.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Signs up and verifies a new member with this e-mail; returns their signed-in client. */
async function signUpMember(
  testApp: TestApp,
  email: string,
  options: { displayName?: string; timeZone?: string },
): Promise<TestMember> {
  const { database } = testApp;
  const c = testApp.client();
  const res = await c.request('/api/account/sign-up', {
    method: 'POST',
    json: {
      displayName: options.displayName ?? 'Test Member',
      email,
      password: 'correct horse 1',
      acceptTerms: true,
      timeZone: options.timeZone ?? 'America/New_York',
    },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const code = await testApp.lastCode(email);
  const verified = await c.request('/api/account/verify-email', {
    method: 'POST',
    json: { email, code },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  await database.db.delete(rateLimits);
  const session = (await (await c.request('/api/account/session')).json()) as {
    user: { userId: string };
  };
  return { client: c, email, userId: session.user.userId };
}

/** A service context acting for this member as the database has them, on the given clock. */
async function memberContext(
  deps: AppDeps,
  userId: string,
  options: { now?: Date | (() => Date) },
): Promise<ServiceContext> {
  const [row] = await deps.db
    .select({ user, profile: profiles, timeZone: userSettings.timezone })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) throw new Error(`no member ${userId}`);
  const member = {
    userId,
    email: row.user.email,
    emailVerified: row.user.emailVerified,
    displayName: row.profile?.displayName ?? displayNameFromEmail(row.user.email),
    avatarUrl: row.profile?.avatarUrl ?? null,
    isAdmin: row.profile?.isAdmin ?? false,
    createdAt: row.user.createdAt.toISOString(),
    timeZone: row.timeZone ?? DEFAULT_SETTINGS_TIMEZONE,
    unitPref: row.profile?.unitPref === 'metric' ? ('metric' as const) : DEFAULT_UNIT_PREF,
  };
  const { now } = options;
  return createContext(deps, {
    actor: member.isAdmin ? { kind: 'admin', user: member } : { kind: 'member', user: member },
    now: now === undefined ? undefined : typeof now === 'function' ? now : () => now,
  });
}

/**
 * The real app on a fresh database for the tests of this file (or of the describe block it is called
 * in): created before them, closed after them and after the block's own afterAll hooks. Read it only
 * in hooks and tests; it does not exist before its beforeAll has run.
 */
export function setUpTestApp(env: Record<string, string> = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(env);
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!started)
        throw new Error('the test app starts in beforeAll: read it in a hook or a test');
      return Reflect.get(started, key);
    },
  });
}

/** A second app with its own settings and database, for one test: closed afterwards, pass or fail. */
export async function withTestApp<T>(
  env: Record<string, string>,
  use: (app: TestApp) => Promise<T>,
): Promise<T> {
  const app = await createTestApp(env);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/** The /metrics text, read the way Prometheus on this machine would (loopback, no proxy). */
export async function scrapeMetrics(app: TestApp): Promise<string> {
  const res = await app.client('127.0.0.1').request('/metrics');
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('text/plain'))
    throw new Error(`GET /metrics answered ${res.status} ${res.headers.get('content-type')}`);
  return res.text();
}

/** The value of one series in a /metrics text (0 when absent). */
export function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
