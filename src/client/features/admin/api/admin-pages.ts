import { infiniteQueryOptions, keepPreviousData, type QueryKey } from '@tanstack/react-query';
import type { AdminPage } from '@shared/api-types';
import { api } from '@client/lib/api-client';

type PageQuery = Record<string, string | undefined>;

/** One server page of an admin list: `query` is the list's filter; no cursor for the first page. */
export function getAdminPage<P extends AdminPage>(
  path: string,
  query: PageQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<P> {
  return api.get<P>(path, { query: { ...query, cursor }, signal });
}

/**
 * An admin list read a server page at a time ("Load more", decision 0039): the cursor is added for
 * every page after the first. While a new search loads, the rows of the previous one stay on screen.
 */
export function adminPagesQueryOptions<P extends AdminPage>(
  queryKey: QueryKey,
  path: string,
  query: PageQuery = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getAdminPage<P>(path, query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
