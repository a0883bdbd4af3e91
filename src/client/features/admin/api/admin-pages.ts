import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { AdminPage } from '@shared/api-types';
import { api } from '@client/lib/api-client';

/**
 * An admin list read a server page at a time ("Load more", decision 0039): `query` is the list's
 * filter, the cursor is added for every page after the first. While a new search loads, the rows of
 * the previous one stay on screen.
 */
export function useAdminPages<P extends AdminPage>(
  queryKey: QueryKey,
  path: string,
  query: Record<string, string | undefined> = {},
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<P>(path, { query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
