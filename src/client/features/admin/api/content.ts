import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPostView, AdminReportView, OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function useAdminPosts() {
  return useQuery({
    queryKey: queryKeys.admin.posts,
    queryFn: ({ signal }) => api.get<{ posts: AdminPostView[] }>('/api/admin/posts', { signal }),
  });
}

export function useAdminReports() {
  return useQuery({
    queryKey: queryKeys.admin.reports,
    queryFn: ({ signal }) =>
      api.get<{ reports: AdminReportView[] }>('/api/admin/reports', { signal }),
  });
}

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
