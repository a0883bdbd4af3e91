import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';

const t = setUpTestApp();
let clientDir: string;
/** The app with a built front end (one index.html), as `npm start` serves it. */
let withPages: ReturnType<typeof createApp>;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'stackdays-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  withPages = createApp({ ...t.deps, clientDir });
});
afterAll(async () => {
  rmSync(clientDir, { recursive: true, force: true });
});

function directives(res: Response): Map<string, string> {
  const csp = res.headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

function expectSecurityHeaders(res: Response) {
  const csp = directives(res);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'self'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
}

describe(`security headers (${databaseLabel})`, () => {
  it('a page gets the policy, frame refusal, nosniff and the default referrer policy', async () => {
    for (const page of ['/', '/signin', '/app/feed']) {
      const res = await withPages.request(page);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('pages whose address holds an invite token send no referrer at all', async () => {
    for (const page of [
      '/invite/abcdefghijklmnopqrstuvwxyz012345',
      '/signup?admin_invite=boss%40example.com&token=abcdefghijklmnop',
      '/pricing?invite=abcdefghijklmnopqrstuvwxyz012345',
    ]) {
      const res = await withPages.request(page);
      expect(res.headers.get('referrer-policy'), page).toBe('no-referrer');
      expectSecurityHeaders(res);
    }
  });

  it('API answers get the same headers and are not stored unless a route says so', async () => {
    const anonymous = t.client();
    for (const [p, status] of [
      ['/api/health', 200],
      ['/api/account/session', 200],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await anonymous.request(p);
      expect(res.status, p).toBe(status);
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
    }
    const { client } = await t.member();
    for (const p of [
      '/api/account/session',
      '/api/checkins/today',
      '/api/cycle',
      '/api/feed',
      '/api/feed/buddies',
    ]) {
      const res = await client.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
    }
    const board = await client.request('/api/community');
    expect(board.status).toBe(200);
    expect(board.headers.get('cache-control')).toBe('private, max-age=30');
    expectSecurityHeaders(board);
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const secure = createApp({
      ...t.deps,
      config: { ...t.deps.config, publicUrl: 'https://stackdays.example' },
    });
    const res = await secure.request('https://stackdays.example/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
