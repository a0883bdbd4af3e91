import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { auditEvents } from '../../db/schema';
import { setUpTestApp, type TestClient } from '../../testing/test-app';

const t = setUpTestApp();
let member: TestClient;
let admin: TestClient;

/**
 * Every admin endpoint, read from the router itself: a route added to adminRoutes is checked here
 * without anyone listing it. Middleware entries (method ALL) are not endpoints.
 */
function adminEndpoints(): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const endpoints: Array<{ method: string; path: string }> = [];
  for (const route of t.app.routes) {
    if (!route.path.startsWith('/api/admin/') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    endpoints.push({ method: route.method, path: route.path });
  }
  return endpoints;
}

/** A concrete address for a route pattern: ids that exist nowhere, in the shape each route expects. */
const concrete = (path: string) =>
  path
    .replace('/badges/:id', '/badges/999999')
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000');

const call = (client: TestClient, { method, path }: { method: string; path: string }) =>
  client.request(concrete(path), {
    method,
    ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
  });

beforeAll(async () => {
  member = (await t.member()).client;
  const boss = await t.member();
  await t.setAdminFlag(boss.userId);
  admin = boss.client;
});

describe('every admin endpoint, from the router', () => {
  it('finds the admin endpoints', () => {
    const list = adminEndpoints().map((e) => `${e.method} ${e.path}`);
    // A floor, not the list: the test below covers whatever the router holds.
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list).toContain('GET /api/admin/users');
    expect(list).toContain('DELETE /api/admin/coupons/:id');
  });

  it('refuses signed-out visitors with 401 and members with 403, and changes nothing', async () => {
    const before = await t.deps.db.select().from(auditEvents);
    for (const endpoint of adminEndpoints()) {
      const anonymous = await call(t.client(), endpoint);
      expect({ ...endpoint, status: anonymous.status }).toEqual({ ...endpoint, status: 401 });
      const refused = await call(member, endpoint);
      expect({ ...endpoint, status: refused.status }).toEqual({ ...endpoint, status: 403 });
      expect((await refused.json()).message).toBe(msg.forbidden);
    }
    expect(await t.deps.db.select().from(auditEvents)).toHaveLength(before.length);
  });

  it('lets an admin through to the service (any answer but 401 or 403)', async () => {
    for (const endpoint of adminEndpoints()) {
      const res = await call(admin, endpoint);
      expect({ ...endpoint, allowed: ![401, 403].includes(res.status) }).toEqual({
        ...endpoint,
        allowed: true,
      });
      expect(res.status, `${endpoint.method} ${endpoint.path}`).not.toBe(500);
    }
  });
});
