import type { AdminUserCreated } from '@shared/api-types';
import type { AdminCreateUserInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/users: Add User. */
export function createUser(input: AdminCreateUserInput): Promise<AdminUserCreated> {
  return api.post<AdminUserCreated>('/api/admin/users', input);
}

export const useCreateUser = () =>
  useAdminMutation(createUser, [queryKeys.admin.all], {
    success: 'userCreated',
    error: 'createUserFailed',
  });
