import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVITE_PAGE_INVITER, INVITE_PAGE_TOKEN } from '@shared/invite-page';
import { createApp } from '../app';
import { invites, profiles } from '../db/schema';
import { cookieHeader, setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';

const t = setUpTestApp();
let dir: string;
/** The app with a built front end laid out as `npm run build` writes it (dist/client, dist/pages). */
let built: ReturnType<typeof createApp>;
/** The same app with no prerendered pages (a plain `vite build`). */
let plain: ReturnType<typeof createApp>;

// Stand-ins for the prerendered pages (scripts/prerender.mjs): the invite pages keep the
// placeholders where the real ones have them (the title, text, the link), plus an attribute.
const PAGES: Record<string, string> = {
  'invite-valid': `<!doctype html><title>${INVITE_PAGE_INVITER} invited you · StackDays</title><div id="root" data-prerendered="invite-valid"><h1>${INVITE_PAGE_INVITER} invited you</h1><p title="${INVITE_PAGE_INVITER}">A gift from <!-- -->${INVITE_PAGE_INVITER}<!-- -->.</p><p>1 Month Free</p><a href="/pricing?invite=${INVITE_PAGE_TOKEN}">Accept Invite &amp; Continue</a><p>${'Show up. Stack days. '.repeat(60)}</p></div>`,
  'invite-invalid': `<!doctype html><title>Invite Not Found · StackDays</title><div id="root" data-prerendered="invite-invalid"><h1>Invite Not Found</h1><p>This invite may have expired or already been used.</p><a href="/">Go to Home</a><form method="post" action="/api/language"><input type="hidden" name="back" value="/invite/${INVITE_PAGE_TOKEN}"/><button name="language" value="es">Español</button></form></div>`,
  'invite-check': `<!doctype html><script type="module" src="/assets/boot.js"></script><div id="root" data-prerendered="invite-check" data-load="eager"><h1>Checking your invite</h1></div>`,
  signin: `<!doctype html><script type="module" src="/assets/boot.js"></script><div id="root" data-prerendered="signin">on intent</div>`,
  'signin-eager': `<!doctype html><script type="module" src="/assets/boot.js"></script><div id="root" data-prerendered="signin" data-load="eager">eager</div>`,
  landing: `<!doctype html><div id="root" data-prerendered="landing">landing</div>`,
  'not-found': `<!doctype html><div id="root" data-prerendered="not-found">Oops! Page not found</div>`,
};
const SHELL = '<!doctype html><div id="root"></div>';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stackdays-static-'));
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'client', 'index.html'), SHELL);
  for (const [name, html] of Object.entries(PAGES))
    writeFileSync(path.join(dir, 'pages', `${name}.html`), html);
  built = createApp({ ...t.deps, clientDir: path.join(dir, 'client') });
  // Its pages would be dir/plain/pages: none.
  mkdirSync(path.join(dir, 'plain', 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'plain', 'client', 'index.html'), SHELL);
  plain = createApp({ ...t.deps, clientDir: path.join(dir, 'plain', 'client') });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => t.resetLimits());

let addresses = 0;
/** A request to `app` from its own client address unless one is given. */
function get(
  app: ReturnType<typeof createApp>,
  url: string,
  { ip = `10.77.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`, headers = {} } = {},
) {
  return app.request(
    url,
    { headers: { 'Accept-Encoding': 'identity', ...headers } },
    { incoming: { socket: { remoteAddress: ip, remotePort: 50000, remoteFamily: 'IPv4' } } },
  );
}

/** A member's invite to a new address, and its token from the mail. */
async function newInvite(displayName?: string) {
  const inviter = await t.member();
  if (displayName)
    await t.deps.db.update(profiles).set({ displayName }).where(eq(profiles.id, inviter.userId));
  const email = `buddy-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await inviter.client.request('/api/invites', { method: 'POST', json: { email } });
  expect(res.status).toBe(201);
  const token = t.mails
    .filter((m) => m.to === email)
    .at(-1)!
    .text.match(/\/invite\/([\w-]+)/)![1];
  return { token, email };
}

function expectInviteHeaders(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
}

describe(`the invite page, rendered on the server (${databaseLabel})`, () => {
  it('a valid invite names the inviter and links to /pricing with the token; no script', async () => {
    const { token } = await newInvite();
    const res = await get(built, `/invite/${token}`);
    expect(res.status).toBe(200);
    expectInviteHeaders(res);
    const html = await res.text();
    expect(html).toContain('<title>Test Member invited you · StackDays</title>');
    expect(html).toContain('<h1>Test Member invited you</h1>');
    expect(html).toContain('1 Month Free');
    expect(html).toContain(`<a href="/pricing?invite=${token}">Accept Invite &amp; Continue</a>`);
    expect(html).not.toContain(INVITE_PAGE_INVITER);
    expect(html).not.toContain(INVITE_PAGE_TOKEN);
    expect(html).not.toMatch(/<script/i);
  });

  it("escapes the inviter's name in text and attributes and keeps it as it is", async () => {
    const name = `<img src=x onerror=alert(1)> "Bo" & 'Al' $& $1 ${INVITE_PAGE_TOKEN}`;
    const { token } = await newInvite(name);
    const res = await get(built, `/invite/${token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const escaped = `&lt;img src=x onerror=alert(1)&gt; &quot;Bo&quot; &amp; &#x27;Al&#x27; $&amp; $1 ${INVITE_PAGE_TOKEN}`;
    expect(html).toContain(`<h1>${escaped} invited you</h1>`);
    expect(html).toContain(`<p title="${escaped}">`);
    expect(html).not.toContain('<img');
    // A placeholder inside the name is the name's text, not the token; the link has the token.
    expect(html).toContain(`<a href="/pricing?invite=${token}">`);
    expect(html.split(token)).toHaveLength(2);
  });

  it('an unknown, forged, expired or used invite shows Invite Not Found (404), naming nobody', async () => {
    const { token: expired, email } = await newInvite();
    await t.deps.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.email, email));
    const { token: used, email: usedBy } = await newInvite();
    await t.deps.db
      .update(invites)
      .set({ acceptedAt: new Date() })
      .where(eq(invites.email, usedBy));
    const forged = 'A'.repeat(32);
    const flipped = `${expired.slice(0, -1)}${expired.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [forged, flipped, expired, used, 'not-a-real-invite-token']) {
      const res = await get(built, `/invite/${token}`);
      expect(res.status, token).toBe(404);
      expectInviteHeaders(res);
      const html = await res.text();
      expect(html).toContain('Invite Not Found');
      expect(html).toContain('This invite may have expired or already been used.');
      expect(html).toContain('<a href="/">Go to Home</a>');
      // The language menu leads back to this address (the token's one place), not a placeholder.
      expect(html).toContain(`name="back" value="/invite/${token}"`);
      expect(html.split(token)).toHaveLength(2);
      expect(html).not.toContain(INVITE_PAGE_TOKEN);
      expect(html).not.toContain('Test Member');
      expect(html).not.toMatch(/<script/i);
    }
  });

  it('a segment that cannot be a token (NUL, bad escapes, too short or long, markup) is not looked up', async () => {
    const { token } = await newInvite();
    const ip = '10.78.0.1';
    const segments = [
      `%00${token}`,
      `${token}%00`,
      '%E0%A4%A',
      'short',
      'x'.repeat(201),
      encodeURIComponent('<script>alert(1)</script>'),
      `${token.slice(0, 20)}%2F${token.slice(20)}`,
      `${token}%20`,
    ];
    // More than the limit allows (60 checks in 10 minutes): none of these counts.
    for (let i = 0; i < 3; i += 1) {
      for (const segment of segments) {
        const res = await get(built, `/invite/${segment}`, { ip });
        expect(res.status, segment).toBe(404);
        const html = await res.text();
        expect(html).toContain('Invite Not Found');
        expect(html).not.toContain('<script');
        expect(html).not.toContain('\u0000');
        // Not a token: the language menu leads Home, and the segment is not written into the page.
        expect(html).toContain('name="back" value="/"');
        expect(html).not.toContain(INVITE_PAGE_TOKEN);
      }
    }
    const checks = Array.from({ length: 60 - 1 }, () =>
      get(built, `/invite/${'B'.repeat(32)}`, { ip }),
    );
    for (const res of await Promise.all(checks)) expect(res.status).toBe(404);
    expect((await get(built, `/invite/${token}`, { ip })).status).toBe(200);
  });

  it('shares the rate limit of GET /api/invites/:token: past it, 429 and the page that checks in the browser', async () => {
    const { token } = await newInvite();
    const ip = '10.79.0.1';
    for (let i = 0; i < 60; i += 1) {
      const res = await get(built, `/api/invites/${'C'.repeat(32)}`, { ip });
      expect(res.status).toBe(200);
    }
    const res = await get(built, `/invite/${token}`, { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expectInviteHeaders(res);
    const html = await res.text();
    expect(html).toContain('data-prerendered="invite-check"');
    expect(html).not.toContain('Test Member');
    // The API is refused too: the page is no way round the limit, nor the limit round the page.
    expect((await get(built, `/api/invites/${token}`, { ip })).status).toBe(429);
    // Another address is not affected.
    expect((await get(built, `/invite/${token}`)).status).toBe(200);
  });

  it('is compressed when the browser asks', async () => {
    const { token } = await newInvite();
    const res = await get(built, `/invite/${token}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toContain('<h1>Test Member invited you</h1>');
  });

  it('without prerendered pages, every invite address gets the app shell', async () => {
    const res = await get(plain, '/invite/abcdefghijklmnopqrstuvwxyz012345');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe(`pages whose app loads on the first intent (${databaseLabel})`, () => {
  it('get the page with the small boot script, and the eager twin for a query string or a session cookie', async () => {
    const intent = await get(built, '/signin');
    expect(intent.status).toBe(200);
    expect(await intent.text()).toBe(PAGES.signin);
    expect(intent.headers.get('vary')).toMatch(/cookie/i);
    expect(intent.headers.get('cache-control')).toBe('no-cache');

    expect(await (await get(built, '/signin?coupon=SAVE')).text()).toBe(PAGES['signin-eager']);
    expect(await (await get(built, '/signin/')).text()).toBe(PAGES.signin);
    const member = await t.member();
    const cookie = cookieHeader(member.client.cookies);
    expect(await (await get(built, '/signin', { headers: { cookie } })).text()).toBe(
      PAGES['signin-eager'],
    );
    // Another cookie is not a session.
    expect(await (await get(built, '/signin', { headers: { cookie: 'theme=dark' } })).text()).toBe(
      PAGES.signin,
    );
  });

  it('pages without an eager twin, and the others, are as before', async () => {
    expect(await (await get(built, '/?ref=mail')).text()).toBe(PAGES.landing);
    const missing = await get(built, '/no/such/page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(PAGES['not-found']);
    // No pricing page was "built" here: the shell answers it.
    expect(await (await get(built, '/pricing')).text()).toBe(SHELL);
  });
});
