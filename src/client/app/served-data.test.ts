import { describe, expect, it } from 'vitest';
import { SERVED_SCREENS, servedDataJson, type ServedData } from '@shared/member-screens';
import { queryKeys } from '@client/lib/query-keys';
import { servedQueries, servedUserId } from './served-data';

const session = { user: { userId: 'u_1', displayName: 'Kit' } };

describe('served answers', () => {
  it('every answer a screen is rendered with fills the query its screen reads', () => {
    for (const [screen, urls] of Object.entries(SERVED_SCREENS)) {
      const answers: Record<string, unknown> = Object.fromEntries(
        urls.map((url) => [url, { from: url }]),
      );
      answers['/api/account/session'] = session;
      const queries = servedQueries({ at: 1, answers });
      expect(queries, screen).toHaveLength(urls.length);
    }
  });

  it('the feed is the first page of its infinite query; the plan is keyed by the member', () => {
    const page = { posts: [], nextCursor: 'c2' };
    const queries = new Map(
      servedQueries({
        at: 1,
        answers: { '/api/account/session': session, '/api/feed': page, '/api/subscription': {} },
      }).map(([key, data]) => [JSON.stringify(key), data]),
    );
    expect(queries.get(JSON.stringify(queryKeys.feed.community))).toEqual({
      pages: [page],
      pageParams: [null],
    });
    expect(queries.has(JSON.stringify(queryKeys.subscription.member('u_1')))).toBe(true);
    expect(servedUserId({ at: 1, answers: { '/api/account/session': { user: null } } })).toBeNull();
  });

  it("the page's JSON has no '<' and reads back the same, whatever the member wrote", () => {
    const data: ServedData = {
      at: 5,
      answers: { '/api/account/session': { user: { displayName: '</script><!--\u2028\u2029' } } },
    };
    const json = servedDataJson(data);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});
