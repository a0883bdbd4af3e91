import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBadgeAward, AdminBadgeView, OkResponse } from '@shared/api-types';
import type { AwardBadgeInput, BadgeInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { uploadFile } from '@client/lib/upload-file';

export function useAdminBadges() {
  return useQuery({
    queryKey: queryKeys.admin.badges,
    queryFn: ({ signal }) => api.get<{ badges: AdminBadgeView[] }>('/api/admin/badges', { signal }),
  });
}

function useBadgeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.badges }),
  });
}

export const useSaveBadge = () =>
  useBadgeMutation((input: { id?: number; form: BadgeInput }) =>
    input.id
      ? api.put<AdminBadgeView>(`/api/admin/badges/${input.id}`, input.form)
      : api.post<AdminBadgeView>('/api/admin/badges', input.form),
  );

export const useDeleteBadge = () =>
  useBadgeMutation((id: number) => api.delete<OkResponse>(`/api/admin/badges/${id}`));

export const useAwardBadge = () =>
  useBadgeMutation((input: AwardBadgeInput) =>
    api.post<AdminBadgeAward>('/api/admin/badges/award', input),
  );

/** POST /api/admin/badges/:id/image: the file itself as the body; the server re-encodes it. */
export const useUploadBadgeImage = () =>
  useBadgeMutation((input: { id: number; file: File }) =>
    uploadFile<AdminBadgeView>(`/api/admin/badges/${input.id}/image`, input.file),
  );
