import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { msg } from '@shared/messages';
import { createApp } from '../app';
import { user } from '../db/schema';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { PROBLEM_JSON } from './problem';

const t = setUpTestApp({ ALLOWED_HOSTS: 'stackdays.internal' });

const withHost = (host: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), host },
});

describe(`Host allowlist (${databaseLabel})`, () => {
  it('refuses another host with 421 before any route runs', async () => {
    const users = async () => (await t.database.db.select({ n: count() }).from(user))[0].n;
    const before = await users();
    const res = await t.app.request(
      '/api/account/sign-up',
      withHost('rebound.attacker.example', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          displayName: 'Eve',
          email: 'eve@example.com',
          password: 'correct horse 1',
          acceptTerms: true,
        }),
      }),
    );
    expect(res.status).toBe(421);
    expect(await res.json()).toMatchObject({
      code: 'misdirected_request',
      message: msg.unknownHost,
      requestId: expect.any(String),
    });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await users()).toBe(before);
    expect(t.mails).toHaveLength(0);
  });

  it("answers PUBLIC_URL's host, its loopback forms, and ALLOWED_HOSTS, with any port", async () => {
    for (const host of [
      'localhost:3000',
      'LOCALHOST',
      '127.0.0.1:3199',
      '[::1]:3000',
      'stackdays.internal:8080',
    ]) {
      const res = await t.app.request('/api/account/session', withHost(host));
      expect(res.status, host).toBe(200);
    }
    // app.request without a Host header: the URL's host (localhost) counts
    expect((await t.app.request('/api/account/session')).status).toBe(200);
  });

  it('answers only its own name when PUBLIC_URL is not loopback; health answers any host', async () => {
    const app = createApp({
      ...t.deps,
      config: { ...t.deps.config, publicUrl: 'https://stackdays.example', allowedHosts: [] },
    });
    expect((await app.request('/api/account/session', withHost('stackdays.example'))).status).toBe(
      200,
    );
    expect((await app.request('/api/account/session', withHost('127.0.0.1:3000'))).status).toBe(
      421,
    );
    expect((await app.request('/api/account/session', withHost('evil.example'))).status).toBe(421);
    // A container health probe names the pod's address.
    expect((await app.request('/api/health', withHost('10.42.0.7:3000'))).status).toBe(200);
  });

  it('refuses another host under /api/v1 with problem details, as every public API error', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/me/today'],
      ['PUT', '/api/v1/me/today/activity'],
      ['GET', '/api/v1/openapi.json'],
      ['GET', '/api/v1'],
    ] as const) {
      const res = await t.app.request(
        path,
        withHost('rebound.attacker.example', {
          method,
          headers: { authorization: 'Bearer sdk_whatever' },
        }),
      );
      expect(res.status, path).toBe(421);
      expect(res.headers.get('content-type'), path).toBe(PROBLEM_JSON);
      expect(await res.json(), path).toEqual({
        type: 'about:blank',
        title: 'Misdirected Request',
        status: 421,
        detail: msg.unknownHost,
        code: 'misdirected_request',
        message: msg.unknownHost,
        requestId: expect.any(String),
      });
    }
    // The app's own API keeps its plain JSON errors.
    const own = await t.app.request('/api/account/session', withHost('rebound.attacker.example'));
    expect(own.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
