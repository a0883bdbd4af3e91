import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { scriptJson } from '@shared/pages';
import { queryKeys } from '@client/lib/query-keys';
import { servedUserId } from './served-state';

describe('served state', () => {
  it('names the member the server read the page for', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.session.all, { user: { userId: 'u_1' } }, { updatedAt: 7 });
    client.setQueryData(queryKeys.cycle.all, { day: 3 }, { updatedAt: 9 });
    const state = JSON.parse(scriptJson(dehydrate(client))) as ReturnType<typeof dehydrate>;
    expect(servedUserId(state)).toBe('u_1');
    expect(servedUserId({ mutations: [], queries: [] })).toBeNull();
  });

  it("the page's JSON has no '<' and reads back the same, whatever the member wrote", () => {
    const data = { user: { displayName: '</script><!--\u2028\u2029' } };
    const json = scriptJson(data);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});
