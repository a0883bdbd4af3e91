import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DehydratedState } from '@tanstack/react-query';
import {
  MEMBER_SCREEN_DATA,
  MEMBER_SCREEN_MARKUP,
  MEMBER_SCREEN_TITLE,
  PAGES,
  SERVED_STATE_ID,
  type PageEntry,
} from '@shared/pages';
import { addDays, localDateIn } from '@shared/domain/local-date';
import { createApp } from '../app';
import { crewCycles, profiles, session } from '../db/schema';
import { cookieHeader, setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { MAX_RENDERS_IN_FLIGHT } from './member-screens';
import { forgetSessions } from '../lib/session-cache';

// The `server` pages of the manifest (src/shared/pages.ts), rendered by the real renderer
// (src/client/render/server-entry.tsx, through a module standing where the build's dist/ssr file
// goes, which can also be told to wait or fail). These tests see what the server reads, for whom,
// and what it sends; tests/e2e/member-screens.spec.ts sees the built renderer in the browser.

const t = setUpTestApp();
let dir: string;
let app: ReturnType<typeof createApp>;

const SHELL = '<!doctype html><div id="root"></div>';
const TEMPLATE = `<!doctype html><title>${MEMBER_SCREEN_TITLE}</title><script type="module" src="/assets/boot.js"></script><div id="root" data-prerendered="member" data-load="intent">${MEMBER_SCREEN_MARKUP}</div>${MEMBER_SCREEN_DATA}`;

const SERVER_ENTRY = path.resolve(__dirname, '../../client/render/server-entry.tsx');
const RENDERER = `
import * as real from ${JSON.stringify(SERVER_ENTRY)};
export const setApiTransport = (transport) =>
  real.setApiTransport((url, init) => {
    globalThis.memberScreenReads?.push(url);
    return transport(url, init);
  });
export const runLoader = (pathname) => real.runLoader(pathname);
export async function renderPage(pathname, locale) {
  const mode = globalThis.memberScreenRenderer ?? {};
  if (mode.delayMs) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
  if (mode.fail) throw new Error('the renderer failed');
  return real.renderPage(pathname, locale);
}`;

declare global {
  var memberScreenRenderer: { delayMs?: number; fail?: boolean } | undefined;
  var memberScreenReads: string[] | undefined;
}

const SERVED = PAGES.filter((page) => page.kind === 'server');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stackdays-member-screens-'));
  for (const sub of ['client', 'pages', 'ssr']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'client', 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'pages', 'app-served.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'ssr', 'server-entry.js'), RENDERER);
  app = createApp({ ...t.deps, clientDir: path.join(dir, 'client') });
  // The first render of each screen compiles its modules here (the build has them compiled), which
  // counts against the render budget: done once, and a second later the budget is whole again.
  const warm = await member('Warm Up');
  for (const page of SERVED) await get(page.path, { cookie: warm.cookie });
  await new Promise((resolve) => setTimeout(resolve, 1100));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  globalThis.memberScreenRenderer = undefined;
  t.resetLimits();
});

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return app.request(
    url,
    { headers: { 'Accept-Encoding': 'identity', ...headers } },
    {
      incoming: { socket: { remoteAddress: '10.88.0.1', remotePort: 50000, remoteFamily: 'IPv4' } },
    },
  );
}

/** The queries a served page carries, by key, read back as the app reads them. */
function servedState(html: string): Map<string, unknown> {
  const match = new RegExp(
    `<script type="application/json" id="${SERVED_STATE_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  expect(match, 'the page carries its queries').not.toBeNull();
  const state = JSON.parse(match![1]) as DehydratedState;
  return new Map(state.queries.map((query) => [query.queryHash, query.state.data]));
}

/** The API reads a screen's shell preloads (`Link`) when the server sends it instead of a render. */
async function preloads(url: string, cookie: string): Promise<string[]> {
  globalThis.memberScreenRenderer = { fail: true };
  try {
    const res = await get(url, { cookie });
    expect(await res.text()).toBe(SHELL);
    return [...(res.headers.get('link') ?? '').matchAll(/<([^>]+)>; rel=preload; as=fetch/g)].map(
      (link) => link[1],
    );
  } finally {
    globalThis.memberScreenRenderer = undefined;
  }
}

/**
 * The address of a page for `who`: a page with params gets their own crew (`:crewId`) and, for the
 * finale (`:cycleId`), a crew cycle of it that ended before their today.
 */
async function addressOf(page: PageEntry, who: Awaited<ReturnType<typeof member>>) {
  if (!page.path.includes(':')) return page.path;
  const res = await who.client.request('/api/crews', {
    method: 'POST',
    json: { name: 'Served Crew' },
  });
  expect(res.status).toBe(201);
  const crew = (await res.json()) as { id: string };
  const [cycle] = await t.deps.db
    .insert(crewCycles)
    .values({
      crewId: crew.id,
      startDate: addDays(localDateIn(new Date(), 'UTC'), -100),
      mode: 'forgiving',
    })
    .returning({ id: crewCycles.id });
  return page.path.replace(':crewId', crew.id).replace(':cycleId', cycle!.id);
}

async function member(displayName = 'Rowan Served') {
  const m = await t.member({ displayName });
  return { ...m, cookie: cookieHeader(m.client.cookies) };
}

describe(`member screens rendered on the server (${databaseLabel})`, () => {
  it("each screen is rendered with the member's own answers, never kept by a cache", async () => {
    const rowan = await member('Rowan Served');
    const sasha = await member('Sasha Served');
    expect(SERVED.length).toBeGreaterThan(0);
    for (const page of SERVED) {
      for (const who of [rowan, sasha]) {
        // React's development build renders here, several times slower than the build's: a second
        // apart, no render is turned away by the rendering budget (RENDER_MS_PER_SECOND).
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const address = await addressOf(page, who);
        const preloaded = await preloads(address, who.cookie);
        globalThis.memberScreenReads = [];
        const res = await get(address, { cookie: who.cookie });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
        expect(res.headers.get('cache-control'), page.path).toBe('no-store');
        expect(res.headers.get('vary')).toMatch(/cookie/i);
        const html = await res.text();
        // The screen's own title, not the template's placeholder.
        expect(html).toMatch(/<title>[^<_]+ · StackDays<\/title>/);
        expect(html).toContain('<main id="main"');
        expect(html).toContain(who === rowan ? 'Rowan Served' : 'Sasha Served');
        expect(html).not.toContain(who === rowan ? 'Sasha Served' : 'Rowan Served');
        // The loader reads what the shell preloads when the screen is not rendered, no more.
        expect(globalThis.memberScreenReads.sort()).toEqual([...preloaded].sort());
        // Each read is in the page as the query its screen reads it from, as the API answers the
        // member (the feed as the first page of its infinite query).
        const served = servedState(html);
        expect(served.size).toBe(preloaded.length);
        const carried = [...served.values()].map((data) =>
          data && typeof data === 'object' && 'pages' in data
            ? (data as { pages: unknown[] }).pages[0]
            : data,
        );
        for (const url of preloaded)
          expect(carried, url).toContainEqual(await (await who.client.request(url)).json());
        const sessionAnswer = served.get(JSON.stringify(['session'])) as {
          user: { userId: string };
        };
        expect(sessionAnswer.user.userId).toBe(who.userId);
      }
    }
  });

  it("a screen's shell preloads its loader's reads (or its layout's) with a session cookie; without one, nothing", async () => {
    const m = await member();
    const guard = ['/api/account/session', '/api/subscription'];
    expect(await preloads('/app', m.cookie)).toEqual([...guard, '/api/checkins/today']);
    expect(await preloads('/app/feed/', m.cookie)).toEqual([
      ...guard,
      '/api/feed',
      '/api/feed/buddies',
    ]);
    expect(await preloads('/app/cycle', m.cookie)).toEqual([
      ...guard,
      '/api/cycle',
      '/api/review/weeks',
    ]);
    expect(await preloads('/app/settings', m.cookie)).toEqual(guard);
    // Signed out (or another cookie): the guard sends the visitor to sign in; no 401s preloaded.
    for (const headers of [{}, { cookie: 'theme=dark' }]) {
      const res = await get('/app/feed', headers as Record<string, string>);
      expect(res.headers.get('link')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/cookie/i);
    }
    // Each is what the screen's query asks for: answered for the member.
    for (const url of [...guard, '/api/checkins/today', '/api/feed', '/api/feed/buddies'])
      expect((await m.client.request(url)).status, url).toBe(200);
  });

  it('a visitor with no session, a stale one or another cookie gets the shell, as do the other screens', async () => {
    const rowan = await member();
    const cookies: Array<Record<string, string>> = [
      {},
      { cookie: 'theme=dark' },
      { cookie: rowan.cookie.replace(/=([^;]+)/, '=forged.value') },
    ];
    for (const headers of cookies) {
      const res = await get('/app/feed', headers);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(SHELL);
    }
    for (const url of ['/app/settings', '/app/profile', '/app/admin/users', '/app/nowhere']) {
      const res = await get(url, { cookie: rowan.cookie });
      expect(await res.text(), url).toBe(SHELL);
    }
    // Signed out: the cookie no longer names a session.
    expect(
      (await rowan.client.request('/api/account/sign-out', { method: 'POST' })).status,
    ).toBeLessThan(300);
    expect(await (await get('/app', { cookie: rowan.cookie })).text()).toBe(SHELL);
  });

  it("a member's words cannot end the answers' script or fill the template's other places", async () => {
    const name = `</script><script>alert(1)</script><!-- ${MEMBER_SCREEN_TITLE} ${MEMBER_SCREEN_DATA} \u2028\u2029`;
    const m = await member('Placeholder');
    await t.deps.db.update(profiles).set({ displayName: name }).where(eq(profiles.id, m.userId));
    await forgetSessions(t.deps);
    const html = await (await get('/app', { cookie: m.cookie })).text();
    // The page's own two scripts (boot.ts and the queries), nothing else; the title is the screen's.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('<title>Day 1 · StackDays</title>');
    expect(html.split(MEMBER_SCREEN_DATA)).toHaveLength(1);
    const served = servedState(html);
    expect(
      (served.get(JSON.stringify(['session'])) as { user: { displayName: string } }).user
        .displayName,
    ).toBe(name);
  });

  it('a session due for its daily refresh gets its renewed cookie with the page, once', async () => {
    const m = await member();
    // 28 of its 30 days left: past the day after which a session is renewed.
    await t.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * 86_400_000) })
      .where(eq(session.userId, m.userId));
    await forgetSessions(t.deps);
    const res = await get('/app/feed', { cookie: m.cookie });
    expect(await res.text()).toContain('data-prerendered="member"');
    const renewed = res.headers.getSetCookie().filter((c) => /session_token=/.test(c));
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatch(/Max-Age=2592000/i);
    // Renewed: the next page has nothing to renew.
    const next = await get('/app/cycle', { cookie: m.cookie });
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('when the renderer fails, or too many renders are under way, the member gets the shell', async () => {
    const m = await member();
    globalThis.memberScreenRenderer = { fail: true };
    const failed = await get('/app/cycle', { cookie: m.cookie });
    expect(failed.status).toBe(200);
    expect(await failed.text()).toBe(SHELL);

    globalThis.memberScreenRenderer = { delayMs: 300 };
    const pages = await Promise.all(
      Array.from({ length: MAX_RENDERS_IN_FLIGHT + 3 }, () =>
        get('/app/cycle', { cookie: m.cookie }).then((res) => res.text()),
      ),
    );
    expect(pages.filter((html) => html === SHELL)).toHaveLength(3);
    expect(pages.filter((html) => html.includes('data-prerendered="member"'))).toHaveLength(
      MAX_RENDERS_IN_FLIGHT,
    );
  });
});
