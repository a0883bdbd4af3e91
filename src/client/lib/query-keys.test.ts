import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MyCycleView } from '@shared/api-types';
import { afterCheckinSaved } from '@client/features/checkin/api/checkin-cache';
import { afterCycleRestart } from '@client/features/cycle/api/restart-cycle';
import { queryArea, queryKeys } from './query-keys';

// Every cached answer a member can have at once, as the screens key them.
const everyScreen = [
  queryKeys.session.all,
  queryKeys.subscription.member('u1'),
  queryKeys.checkins.today,
  queryKeys.cycle.all,
  queryKeys.community.all,
  queryKeys.feed.community,
  queryKeys.feed.buddies,
  queryKeys.feed.comments('p1'),
  queryKeys.invites.check('token'),
  queryKeys.coupons.check('CODE'),
];

function cacheWithEveryScreen() {
  const queryClient = new QueryClient();
  for (const key of everyScreen) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

/** The keys whose cached answer is now stale, i.e. that the screens will read again. */
const staleKeys = (queryClient: QueryClient) =>
  everyScreen.filter((key) => queryClient.getQueryState(key)?.isInvalidated);

describe('one change, the screens it touches', () => {
  it("Start New Cycle refreshes home's day and check-in and the community board", async () => {
    const queryClient = cacheWithEveryScreen();
    const cycle = { cycle: { day: 1 } } as MyCycleView;
    await afterCycleRestart(queryClient, cycle);
    expect(queryClient.getQueryData(queryKeys.cycle.all)).toEqual(cycle);
    expect(staleKeys(queryClient)).toEqual([queryKeys.checkins.today, queryKeys.community.all]);
  });

  it('a new check-in refreshes today, My Cycle, the board and the feed', async () => {
    const queryClient = cacheWithEveryScreen();
    await afterCheckinSaved(queryClient, 'created');
    expect(staleKeys(queryClient)).toEqual([
      queryKeys.checkins.today,
      queryKeys.cycle.all,
      queryKeys.community.all,
      queryKeys.feed.community,
      queryKeys.feed.buddies,
      queryKeys.feed.comments('p1'),
    ]);
  });

  it('an edit leaves the board alone; an update touches only today and the feed', async () => {
    const edited = cacheWithEveryScreen();
    await afterCheckinSaved(edited, 'edited');
    expect(staleKeys(edited)).not.toContainEqual(queryKeys.community.all);
    expect(staleKeys(edited)).toContainEqual(queryKeys.cycle.all);

    const updated = cacheWithEveryScreen();
    await afterCheckinSaved(updated, 'update-added');
    expect(staleKeys(updated)).toEqual([
      queryKeys.checkins.today,
      queryKeys.feed.community,
      queryKeys.feed.buddies,
      queryKeys.feed.comments('p1'),
    ]);
  });

  it('keys of one area share its prefix, so invalidating the area reaches them all', () => {
    expect(queryKeys.checkins.today.slice(0, 1)).toEqual(queryKeys.checkins.all);
    expect(queryKeys.feed.buddies.slice(0, 1)).toEqual(queryKeys.feed.all);
    expect(queryKeys.feed.comments('p1').slice(0, 1)).toEqual(queryKeys.feed.all);
    expect(queryKeys.subscription.member('u1').slice(0, 1)).toEqual(queryKeys.subscription.all);
    const firsts = Object.values(queryKeys).map((area) => area.all[0]);
    expect(new Set(firsts).size).toBe(firsts.length);
  });
});

/** Every `queryArea('<area>')` a client file declares (decision 0121), as [area, file]. */
function declaredAreas(): [string, string][] {
  const root = join(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('query-keys.ts'),
  );
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/\bqueryArea\(\s*'([^']+)'/g)].map(
      (match): [string, string] => [match[1], file],
    ),
  );
}

describe('query areas declared beside their fetchers', () => {
  it('a declared area keys its queries under its name', () => {
    const keys = queryArea('checkin-days');
    expect(keys.all).toEqual(['checkin-days']);
    expect(keys.key('week', 3)).toEqual(['checkin-days', 'week', 3]);
  });

  it("no two areas share a name, so one area's invalidation never reaches another's answers", () => {
    const shared = Object.values(queryKeys).map((area): [string, string] => [
      area.all[0],
      'lib/query-keys.ts',
    ]);
    const all = [...shared, ...declaredAreas()];
    const twice = all.filter(([area], i) => all.findIndex(([other]) => other === area) !== i);
    expect(twice.map(([area, file]) => `${area} (again in ${file})`)).toEqual([]);
  });
});
