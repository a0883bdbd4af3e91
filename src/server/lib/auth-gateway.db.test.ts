import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const label = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';

describe(`better-auth's own endpoints (${label})`, () => {
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
