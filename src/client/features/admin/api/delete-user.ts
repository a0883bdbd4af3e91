import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** DELETE /api/admin/users/:id. */
export function deleteUser(userId: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/admin/users/${encodeURIComponent(userId)}`);
}

export const useDeleteUser = () =>
  useAdminMutation(deleteUser, [queryKeys.admin.all], {
    success: 'userDeleted',
    error: 'deleteUserFailed',
  });
