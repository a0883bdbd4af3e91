import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** DELETE /api/admin/badges/:id. */
export function deleteBadge(id: number): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/admin/badges/${id}`);
}

export const useDeleteBadge = () =>
  useAdminMutation(deleteBadge, [queryKeys.admin.badges], {
    success: 'badgeDeleted',
    error: 'deleteBadgeFailed',
  });
