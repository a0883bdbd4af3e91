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

// Its success says granted or revoked, from the row: users-screen.tsx says it.
export const useSetAdmin = () =>
  useAdminMutation(setAdmin, [queryKeys.admin.all], { error: 'updateAdminStatusFailed' });
