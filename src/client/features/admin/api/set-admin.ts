import type { AdminUserAdminFlag } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** PUT /api/admin/users/:id/admin: grant or revoke admin. */
export function setAdmin(input: { userId: string; isAdmin: boolean }): Promise<AdminUserAdminFlag> {
  return api.put<AdminUserAdminFlag>(`/api/admin/users/${encodeURIComponent(input.userId)}/admin`, {
    isAdmin: input.isAdmin,
  });
}

export const useSetAdmin = () => useAdminMutation(setAdmin, [queryKeys.admin.all]);
