import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { hashPassword, sessionCookieSettings } from '../lib/auth';

const t = setUpTestApp();

describe(`better-auth's own endpoints (${databaseLabel})`, () => {
  it('do not hand a signed-in member their raw session token (get-session is not exposed)', async () => {
    const { client } = await t.member();
    const cookie = [...client.cookies].find(([name]) => name.includes('session_token'));
    expect(cookie).toBeDefined();
    const token = decodeURIComponent(cookie![1]).split('.')[0];

    const res = await client.request('/api/auth/get-session');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(token);

    // The session the client does read carries no token either.
    const session = await client.request('/api/account/session');
    expect(session.status).toBe(200);
    expect(await session.text()).not.toContain(token);
  });
});

describe(`only ok and sign-out answer under /api/auth (${databaseLabel})`, () => {
  it('every other endpoint of the auth instance, read from its api object, is 404', async () => {
    const { client } = await t.member();
    // Each endpoint better-auth (and its plugins) defines, with its path and methods; server-only
    // ones have no path. A later version that adds one is tried here without a change to this test.
    const endpoints = Object.values(t.deps.auth.api as Record<string, unknown>).flatMap(
      (endpoint) => {
        const { path, options } = endpoint as { path?: string; options?: { method?: unknown } };
        if (typeof path !== 'string') return [];
        const declared = [options?.method ?? 'GET'].flat() as string[];
        const methods = declared.includes('*') ? ['GET', 'POST'] : declared;
        return methods.map((method) => ({ method, path: path.replace(/:[a-zA-Z]+/g, 'x') }));
      },
    );
    expect(endpoints.length).toBeGreaterThan(30);
    expect(endpoints).toContainEqual({ method: 'POST', path: '/sign-in/email' });

    const answered: string[] = [];
    // Signed in throughout: sign-out goes last.
    const signOutLast = [
      ...endpoints.filter((e) => e.path !== '/sign-out'),
      ...endpoints.filter((e) => e.path === '/sign-out'),
    ];
    for (const { method, path } of signOutLast) {
      const res = await client.request(`/api/auth${path}`, {
        method,
        // As a browser sends it: same-origin, so no refusal hides whether the route exists.
        headers: { origin: 'http://localhost:3000' },
        ...(method === 'GET' ? {} : { json: { email: 'someone@example.com' } }),
      });
      if (res.status !== 404) answered.push(`${method} ${path} ${res.status}`);
    }
    expect(answered.sort()).toEqual(['GET /ok 200', 'POST /sign-out 200']);
  });
});

describe(`what the app reads of better-auth (${databaseLabel})`, () => {
  it('signs the session cookie with the app’s own secret, the one that signs its links', async () => {
    const cookie = await sessionCookieSettings(t.deps.auth);
    expect(cookie.secret).toBe(t.deps.secret);
    expect(cookie.name).toBe('stackdays.session_token');
    expect(cookie.expiresIn).toBeGreaterThan(cookie.updateAge);
  });

  it('hashes a password so that better-auth accepts it, and never as the password itself', async () => {
    const hash = await hashPassword(t.deps.auth, 'correct horse 1');
    expect(hash).not.toContain('correct horse 1');
  });
});
