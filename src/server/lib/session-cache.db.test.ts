import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@shared/api-types';
import { ACCOUNT_DELETE_CONFIRMATION } from '@shared/constants';
import { profiles } from '../db/schema';
import {
  createTestApp,
  setUpTestApp,
  withTestApp,
  type TestApp,
  type TestClient,
} from '../testing/test-app';
import { setAdmin } from '../modules/admin/grant-admin';

// Decision 0030: a process answers a cookie from the session it read for SESSION_CACHE_MS, and every
// write that could change that answer clears the cache before its own answer leaves.

const sessionOf = async (client: TestClient) =>
  ((await (await client.request('/api/account/session')).json()) as SessionResponse).user;

/** A copy of a member's cookies: the same session, in another tab or in a thief's hands. */
function copyOf(t: TestApp, client: TestClient): TestClient {
  const copy = t.client();
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

describe('with the session cache on (SESSION_CACHE_MS=2000, the default)', () => {
  const t = setUpTestApp({ SESSION_CACHE_MS: '2000' });

  it('shows a new display name on the very next request', async () => {
    const { client } = await t.member({ displayName: 'Before Name' });
    expect((await sessionOf(client))?.displayName).toBe('Before Name');
    const saved = await client.request('/api/profile', {
      method: 'PUT',
      json: { displayName: 'After Name', homeTimezone: 'America/New_York' },
    });
    expect(saved.status).toBe(200);
    expect((await sessionOf(client))?.displayName).toBe('After Name');
  });

  it('ends a session at once when its member signs out, though it was read just before', async () => {
    const { client } = await t.member();
    const otherTab = copyOf(t, client);
    expect(await sessionOf(otherTab)).not.toBeNull();
    expect((await otherTab.request('/api/checkins/today')).status).toBe(200);

    const out = await client.request('/api/account/sign-out', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(await sessionOf(otherTab)).toBeNull();
    expect((await otherTab.request('/api/checkins/today')).status).toBe(401);
  });

  it('signs out twice in a row, and the second time changes nothing', async () => {
    const { client } = await t.member();
    const copy = copyOf(t, client);
    expect((await client.request('/api/account/sign-out', { method: 'POST' })).status).toBe(200);
    expect((await copy.request('/api/account/sign-out', { method: 'POST' })).status).toBe(200);
    expect(await sessionOf(copy)).toBeNull();
  });

  it('takes the admin area from a revoked admin on their next request', async () => {
    const boss = await t.member();
    const coach = await t.member();
    await t.setAdminFlag(boss.userId);
    await t.setAdminFlag(coach.userId);
    expect((await coach.client.request('/api/admin/users')).status).toBe(200);

    const revoked = await boss.client.request(`/api/admin/users/${coach.userId}/admin`, {
      method: 'PUT',
      json: { isAdmin: false },
    });
    expect(revoked.status).toBe(200);
    expect((await coach.client.request('/api/admin/users')).status).toBe(403);
    expect((await sessionOf(coach.client))?.isAdmin).toBe(false);
  });

  it('takes the admin area away when the admin CLI revokes it', async () => {
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    expect((await admin.client.request('/api/admin/users')).status).toBe(200);
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.id, admin.userId));
    expect(row?.isAdmin).toBe(true);
    expect(await setAdmin(t.system('cli'), { email: admin.email, isAdmin: false })).toEqual({
      ok: true,
    });
    expect((await admin.client.request('/api/admin/users')).status).toBe(403);
  });

  it('refuses a deleted account’s cookie at once in every tab', async () => {
    const { client } = await t.member();
    const otherTab = copyOf(t, client);
    expect(await sessionOf(otherTab)).not.toBeNull();
    const deleted = await client.request('/api/account/delete', {
      method: 'POST',
      json: { confirmation: ACCOUNT_DELETE_CONFIRMATION },
    });
    expect(deleted.status).toBe(200);
    expect(await sessionOf(otherTab)).toBeNull();
    expect((await otherTab.request('/api/feed')).status).toBe(401);
  });

  it('keeps nothing for a forged or unknown cookie', async () => {
    const { client } = await t.member();
    const forged = t.client();
    for (const [name, value] of client.cookies) forged.cookies.set(name, `x${value}`);
    expect(await sessionOf(forged)).toBeNull();
    expect(await sessionOf(forged)).toBeNull();
    expect((await forged.request('/api/checkins/today')).status).toBe(401);
  });
});

describe('a change written behind the services’ back', () => {
  it('shows within SESSION_CACHE_MS, and at once with the cache off', async () => {
    const cached = await createTestApp({ SESSION_CACHE_MS: '300' });
    const uncached = await createTestApp({ SESSION_CACHE_MS: '0' });
    try {
      for (const t of [cached, uncached]) {
        const { client, userId } = await t.member({ displayName: 'Old Name' });
        expect((await sessionOf(client))?.displayName).toBe('Old Name');
        await t.deps.db
          .update(profiles)
          .set({ displayName: 'Renamed Elsewhere' })
          .where(eq(profiles.id, userId));
        if (t === uncached) {
          expect((await sessionOf(client))?.displayName).toBe('Renamed Elsewhere');
          continue;
        }
        const started = Date.now();
        let seen = (await sessionOf(client))?.displayName;
        while (seen !== 'Renamed Elsewhere' && Date.now() - started < 5_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          seen = (await sessionOf(client))?.displayName;
        }
        expect(seen).toBe('Renamed Elsewhere');
        expect(Date.now() - started).toBeLessThan(2_000);
      }
    } finally {
      await cached.close();
      await uncached.close();
    }
  });
});

describe('refused requests in the session areas', () => {
  it('clear no cache, so a member cannot keep emptying every process’s', async () => {
    await withTestApp({ SESSION_CACHE_MS: '10000' }, async (t) => {
      const victim = await t.member({ displayName: 'Cached Name' });
      const other = await t.member();
      expect((await sessionOf(victim.client))?.displayName).toBe('Cached Name');
      await t.deps.db
        .update(profiles)
        .set({ displayName: 'Changed Behind' })
        .where(eq(profiles.id, victim.userId));
      const published = vi.spyOn(t.deps.cacheBus, 'publish');
      try {
        const refused: [string, string, object | undefined][] = [
          ['POST', '/api/admin/users', {}],
          ['POST', '/api/auth/nothing', {}],
          ['OPTIONS', '/api/account/x', undefined],
          ['PUT', '/api/profile', {}],
          ['DELETE', '/api/settings/zzz', undefined],
        ];
        for (const [method, path, json] of refused) {
          const res = await other.client.request(path, { method, json });
          expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
        }
        expect(published.mock.calls.filter(([topic]) => topic === 'session')).toEqual([]);
        expect((await sessionOf(victim.client))?.displayName).toBe('Cached Name');

        // A write that succeeds still clears at once, for everyone.
        const renamed = await other.client.request('/api/profile', {
          method: 'PUT',
          json: { displayName: 'Other Renamed', homeTimezone: 'America/New_York' },
        });
        expect(renamed.status).toBe(200);
        expect(published.mock.calls.filter(([topic]) => topic === 'session')).toHaveLength(1);
        expect((await sessionOf(victim.client))?.displayName).toBe('Changed Behind');
      } finally {
        published.mockRestore();
      }
    });
  });
});
