import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@shared/api-types';
import { ACCOUNT_DELETE_CONFIRMATION } from '@shared/constants';
import { posts } from './db/schema';
import type { ServiceContext } from './lib/context';
import type { AppCaches } from './lib/deps';
import { createTestApp, type TestApp, type TestClient } from './testing/test-app';
import { createCheckin } from './modules/checkins/service';
import { setLike } from './modules/feed/service';
import { setPostHidden } from './modules/admin/content';
import { setUserAdmin } from './modules/admin/users';
import { setAdmin } from './modules/admin/grant-admin';
import { updateProfile } from './modules/profile/service';
import { updateSettings } from './modules/profile/settings';
import { deleteAccount } from './modules/profile/account-deletion';

// Issue 28, item 3: each service that changes what a cache holds clears that cache itself, here and
// (through the cache bus) in every other process. The services are called as a job or the admin CLI
// calls them, outside any HTTP request, so nothing but the service can have cleared the cache.

type Member = { client: TestClient; userId: string; email: string };
type Topic = keyof AppCaches;

const sessionOf = async (client: TestClient) =>
  ((await (await client.request('/api/account/session')).json()) as SessionResponse).user;

/** A zone other than the member's (New York) that shows the same date now, so it takes over at once. */
const dateOf = (zone: string) => new Date().toLocaleDateString('en-CA', { timeZone: zone });
const sameDayZone = () =>
  ['America/Chicago', 'Europe/London'].find((z) => dateOf(z) === dateOf('America/New_York'))!;

const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: 'Cached day',
};

async function postOf(t: TestApp, member: Member): Promise<string> {
  await createCheckin(await t.contextFor(member.userId), checkin);
  const [post] = await t.deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.userId, member.userId));
  return post.id;
}

interface Row {
  service: string;
  clears: Topic[];
  /** Makes the change the way a job or the CLI would, for `member` (the author, the renamed, ...). */
  change(t: TestApp, member: Member, admin: () => ServiceContext): Promise<unknown>;
  /** What the member's very next request shows, if the change is one their session holds. */
  session?: (user: SessionResponse['user']) => void;
}

const ROWS: Row[] = [
  {
    service: 'createCheckin',
    clears: ['feed'],
    change: async (t, member) => postOf(t, member),
  },
  {
    service: 'setLike',
    clears: ['feed'],
    async change(t, member) {
      const postId = await postOf(t, member);
      t.deps.caches.feed.set('probe', Promise.resolve('before the like'));
      return setLike(await t.contextFor(member.userId), { postId, liked: true });
    },
  },
  {
    service: 'setPostHidden',
    clears: ['feed'],
    async change(t, member, admin) {
      const postId = await postOf(t, member);
      t.deps.caches.feed.set('probe', Promise.resolve('before hiding'));
      return setPostHidden(admin(), { postId, isHidden: true });
    },
  },
  {
    service: 'updateProfile',
    clears: ['feed', 'board', 'session'],
    change: async (t, member) =>
      updateProfile(await t.contextFor(member.userId), {
        displayName: 'Renamed By Job',
        unitPref: 'metric',
      } as Parameters<typeof updateProfile>[1]),
    session: (user) => expect(user?.displayName).toBe('Renamed By Job'),
  },
  {
    service: 'updateSettings',
    clears: ['session'],
    change: async (t, member) =>
      updateSettings(await t.contextFor(member.userId), {
        reminderHour: 8,
        emailNudges: true,
        pushNudges: false,
        timezone: sameDayZone(),
      }),
    session: (user) => expect(user?.timeZone).not.toBe('America/New_York'),
  },
  {
    service: 'setUserAdmin',
    clears: ['session'],
    change: async (_t, member, admin) =>
      setUserAdmin(admin(), { userId: member.userId, isAdmin: true }),
    session: (user) => expect(user?.isAdmin).toBe(true),
  },
  {
    service: 'setAdmin (the admin CLI)',
    clears: ['session'],
    change: async (_t, member, admin) => setAdmin(admin(), { email: member.email, isAdmin: true }),
    session: (user) => expect(user?.isAdmin).toBe(true),
  },
  {
    service: 'deleteAccount',
    clears: ['feed', 'board', 'session'],
    change: async (t, member) =>
      deleteAccount(await t.contextFor(member.userId), {
        confirmation: ACCOUNT_DELETE_CONFIRMATION,
      }),
    session: (user) => expect(user).toBeNull(),
  },
];

describe('the services that change cached data clear the cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Long enough that only a clear, never the time-to-live, can explain a fresh answer.
    t = await createTestApp({ SESSION_CACHE_MS: '10000' });
  });
  afterAll(() => t.close());

  it.each(ROWS)('$service clears $clears', async (row) => {
    const member = await t.member({ displayName: 'Cached Member' });
    const admin = () => t.system('cli');
    const before = await sessionOf(member.client);
    expect(before?.displayName).toBe('Cached Member');

    const topics: Topic[] = ['feed', 'board', 'session'];
    for (const topic of topics) {
      t.deps.caches[topic].set(
        'probe',
        (topic === 'session'
          ? { user: before!, expiresAt: Date.now() + 60_000 }
          : Promise.resolve(null)) as never,
      );
    }
    const published = vi.spyOn(t.deps.cacheBus, 'publish');
    try {
      await row.change(t, member, admin);
      // After-commit work outside a transaction runs on the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      for (const topic of topics) {
        const kept = t.deps.caches[topic].get('probe') !== undefined;
        expect(kept, `${topic} cache kept`).toBe(!row.clears.includes(topic));
      }
      // Every other process is told to clear it too.
      const told = new Set(published.mock.calls.map(([topic]) => topic));
      expect([...told].sort()).toEqual([...row.clears].sort());
      if (row.session) row.session(await sessionOf(member.client));
    } finally {
      published.mockRestore();
    }
  });
});
