import { useQuery } from '@tanstack/react-query';
import type { AdminPostView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/posts/:id: the post a report links to, wherever it is in the list. */
export function getAdminPost(id: string, signal?: AbortSignal): Promise<AdminPostView> {
  return api.get<AdminPostView>(`/api/admin/posts/${encodeURIComponent(id)}`, { signal });
}

export function useAdminPost(id: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.post(id ?? ''),
    queryFn: ({ signal }) => getAdminPost(id ?? '', signal),
    enabled: Boolean(id),
    retry: false,
  });
}
