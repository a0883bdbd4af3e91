import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCrewsPage,
  AdminPostView,
  AdminPostsPage,
  AdminReportsPage,
  OkResponse,
} from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './pages';

/** GET /api/admin/posts?q=: newest first, a page at a time; `q` matches the author or the words. */
export const useAdminPosts = (q: string) =>
  useAdminPages<AdminPostsPage>(queryKeys.admin.postsFor(q), '/api/admin/posts', {
    q: q || undefined,
  });

/** GET /api/admin/posts/:id: the post a report links to, wherever it is in the list. */
export function useAdminPost(id: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.post(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<AdminPostView>(`/api/admin/posts/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export const useAdminReports = (q: string) =>
  useAdminPages<AdminReportsPage>(queryKeys.admin.reportsFor(q), '/api/admin/reports', {
    q: q || undefined,
  });

/** A post change shows in both lists and in the members' feed. */
function useContentMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.posts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.reports }),
        queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
      ]),
  });
}

export const useSetPostHidden = () =>
  useContentMutation((input: { postId: string; isHidden: boolean }) =>
    api.put<{ isHidden: boolean }>(`/api/admin/posts/${input.postId}/hidden`, {
      isHidden: input.isHidden,
    }),
  );

export const useDeletePost = () =>
  useContentMutation((postId: string) => api.delete<OkResponse>(`/api/admin/posts/${postId}`));

export const useResolveReport = () =>
  useContentMutation((reportId: string) =>
    api.post<{ status: string }>(`/api/admin/reports/${reportId}/resolve`),
  );

/** GET /api/admin/crews: every crew, newest first (issue 30). */
export const useAdminCrews = () =>
  useAdminPages<AdminCrewsPage>(queryKeys.admin.crews, '/api/admin/crews');

/** An admin closes a crew (audited on the server). */
export function useCloseCrewAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (crewId: string) => api.post<OkResponse>(`/api/admin/crews/${crewId}/close`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.crews }),
  });
}
