import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './query-keys';
import type { PersistedQuery } from './device-stores';
import { keepOfflineSnapshot, restoreOfflineSnapshot } from './offline-snapshot';

// The device's IndexedDB, as a map (idb-keyval's calls the snapshot makes), and no waiting for idle.
const device = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  set: (key: string, value: unknown) =>
    Promise.resolve(void device.set(key, structuredClone(value))),
  values: () => Promise.resolve([...device.values()]),
  clear: () => Promise.resolve(device.clear()),
}));
vi.mock('./when-idle', () => ({ whenIdle: (run: () => void) => run() }));

const kept = () => [...device.values()] as PersistedQuery[];
const feedPage = (id: string) => ({ posts: [{ id }], nextCursor: `after-${id}` });

beforeEach(() => device.clear());
afterEach(() => onlineManager.setOnline(true));

describe('the offline snapshot', () => {
  it("keeps the member's answers in TanStack's persisted-query shape, the feed's first page only", () => {
    const app = new QueryClient();
    keepOfflineSnapshot(app);
    app.setQueryData(queryKeys.session.all, { user: { userId: 'u_1' } }, { updatedAt: 5 });
    app.setQueryData(queryKeys.checkins.today, { cycle: { day: 3 } }, { updatedAt: 6 });
    app.setQueryData(
      queryKeys.feed.community,
      { pages: [feedPage('p1'), feedPage('p2')], pageParams: [null, 'after-p1'] },
      { updatedAt: 7 },
    );
    // Not one the snapshot keeps.
    app.setQueryData(queryKeys.cycle.all, { day: 3 });
    expect(
      kept().map((query) => [query.queryHash, query.buster, query.state.dataUpdatedAt]),
    ).toEqual([
      ['["session"]', 'u_1', 5],
      ['["checkins","today"]', 'u_1', 6],
      ['["feed","community"]', 'u_1', 7],
    ]);
    for (const query of kept()) {
      expect(query.queryKey).toEqual(JSON.parse(query.queryHash));
      expect(query.state.status).toBe('success');
    }
    expect(kept()[2].state.data).toEqual({ pages: [feedPage('p1')], pageParams: [null] });
    // Signed out: everything kept is forgotten.
    app.setQueryData(queryKeys.session.all, { user: null });
    expect(kept()).toEqual([]);
  });

  it("puts back, offline, the queries a server's page carried, and only that member's", async () => {
    const server = new QueryClient();
    server.setQueryData(queryKeys.session.all, { user: { userId: 'u_1' } }, { updatedAt: 5 });
    server.setQueryData(queryKeys.checkins.today, { cycle: { day: 3 } }, { updatedAt: 6 });
    // What served-page.ts keeps: the page's dehydrated queries as they are, the member as buster.
    for (const query of dehydrate(server).queries)
      device.set(query.queryHash, { ...query, buster: 'u_1' });
    const other = new QueryClient();
    other.setQueryData(queryKeys.feed.community, { pages: [feedPage('x')], pageParams: [null] });
    device.set('["feed","community"]', { ...dehydrate(other).queries[0], buster: 'u_2' });

    const online = new QueryClient();
    await restoreOfflineSnapshot(online);
    expect(online.getQueryData(queryKeys.session.all)).toBeUndefined();

    onlineManager.setOnline(false);
    const app = new QueryClient();
    await restoreOfflineSnapshot(app);
    expect(app.getQueryData(queryKeys.checkins.today)).toEqual({ cycle: { day: 3 } });
    expect(app.getQueryState(queryKeys.checkins.today)?.dataUpdatedAt).toBe(6);
    expect(app.getQueryData(queryKeys.session.all)).toEqual({ user: { userId: 'u_1' } });
    expect(app.getQueryData(queryKeys.feed.community)).toBeUndefined();
  });
});
