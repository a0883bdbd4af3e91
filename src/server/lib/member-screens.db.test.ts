import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MEMBER_SCREEN_DATA,
  MEMBER_SCREEN_MARKUP,
  MEMBER_SCREEN_TITLE,
  SERVED_DATA_ID,
  SERVED_SCREENS,
  type ServedData,
} from '@shared/member-screens';
import { createApp } from '../app';
import { profiles, session } from '../db/schema';
import { cookieHeader, createTestApp, type TestApp } from '../test-app';
import { MAX_RENDERS_IN_FLIGHT } from './member-screens';
import { forgetSessions } from './session-cache';

// The member screens rendered on the server (decision 0031). The real renderer is the build's
// (dist/ssr, checked in the browser by tests/e2e/member-screens.spec.ts); here a stand-in renders
// what it was given, so these tests see what the server reads, for whom, and what it sends.

let t: TestApp;
let dir: string;
let app: ReturnType<typeof createApp>;

const SHELL = '<!doctype html><div id="root"></div>';
const TEMPLATE = `<!doctype html><title>${MEMBER_SCREEN_TITLE}</title><script type="module" src="/assets/boot.js"></script><div id="root" data-prerendered="member" data-load="intent">${MEMBER_SCREEN_MARKUP}</div>${MEMBER_SCREEN_DATA}`;

/** The stand-in renderer: what `globalThis.memberScreenRenderer` says, the guard's null otherwise. */
const RENDERER = `
const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export async function renderMemberScreen(path, served) {
  const mode = globalThis.memberScreenRenderer ?? {};
  if (mode.delayMs) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
  if (mode.fail) throw new Error('the renderer failed');
  const user = served.answers['/api/account/session']?.user;
  if (!user) return null;
  return { html: '<main id="main"><h1>' + escape(path) + '</h1><p>' + escape(user.displayName) + '</p></main>', title: 'Screen ' + escape(path) };
}`;

declare global {
  var memberScreenRenderer: { delayMs?: number; fail?: boolean } | undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'stackdays-member-screens-'));
  for (const sub of ['client', 'pages', 'ssr']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'client', 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'pages', 'app-served.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'ssr', 'entry-member-screens.js'), RENDERER);
  app = createApp({ ...t.deps, clientDir: path.join(dir, 'client') });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});
beforeEach(() => {
  globalThis.memberScreenRenderer = undefined;
  t.resetLimits();
});

const label = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return app.request(
    url,
    { headers: { 'Accept-Encoding': 'identity', ...headers } },
    {
      incoming: { socket: { remoteAddress: '10.88.0.1', remotePort: 50000, remoteFamily: 'IPv4' } },
    },
  );
}

/** The answers a served page carries, read back as the app reads them. */
function servedData(html: string): ServedData {
  const match = new RegExp(
    `<script type="application/json" id="${SERVED_DATA_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  expect(match, 'the page carries its answers').not.toBeNull();
  return JSON.parse(match![1]) as ServedData;
}

async function member(displayName = 'Rowan Served') {
  const m = await t.member({ displayName });
  return { ...m, cookie: cookieHeader(m.client.cookies) };
}

describe(`member screens rendered on the server (${label})`, () => {
  it("each screen is rendered with the member's own answers, never kept by a cache", async () => {
    const rowan = await member('Rowan Served');
    const sasha = await member('Sasha Served');
    for (const screen of Object.keys(SERVED_SCREENS) as Array<keyof typeof SERVED_SCREENS>) {
      for (const who of [rowan, sasha]) {
        const res = await get(screen, { cookie: who.cookie });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('vary')).toMatch(/cookie/i);
        const html = await res.text();
        expect(html).toContain(`<title>Screen ${screen}</title>`);
        expect(html).toContain(
          `<h1>${screen}</h1><p>${who === rowan ? 'Rowan' : 'Sasha'} Served</p>`,
        );
        const served = servedData(html);
        expect(Object.keys(served.answers).sort()).toEqual([...SERVED_SCREENS[screen]].sort());
        // What the API answers the member, read as them.
        for (const url of SERVED_SCREENS[screen])
          expect(served.answers[url], url).toEqual(await (await who.client.request(url)).json());
        expect(
          (served.answers['/api/account/session'] as { user: { userId: string } }).user.userId,
        ).toBe(who.userId);
      }
    }
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
    // The page's own two scripts (boot.ts and the answers), nothing else; the title is the screen's.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('<title>Screen /app</title>');
    expect(html.split(MEMBER_SCREEN_DATA)).toHaveLength(1);
    const served = servedData(html);
    expect(
      (served.answers['/api/account/session'] as { user: { displayName: string } }).user
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
