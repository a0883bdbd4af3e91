import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPostView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/posts/:id: the post a report links to, wherever it is in the list. */
export function getAdminPost(id: string, signal?: AbortSignal): Promise<AdminPostView> {
  return api.get<AdminPostView>(`/api/admin/posts/${encodeURIComponent(id)}`, { signal });
}

export const adminPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.post(id),
    queryFn: ({ signal }) => getAdminPost(id, signal),
    retry: false,
  });

export function useAdminPost(id: string | null) {
  return useQuery({ ...adminPostQueryOptions(id ?? ''), enabled: Boolean(id) });
}
