import type { AdminCycleReset } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/users/:id/reset-cycle. */
export function resetCycle(userId: string): Promise<AdminCycleReset> {
  return api.post<AdminCycleReset>(`/api/admin/users/${encodeURIComponent(userId)}/reset-cycle`);
}

// Its success names the member, from the answer: users-screen.tsx says it.
export const useResetCycle = () =>
  useAdminMutation(resetCycle, [queryKeys.admin.all], { error: 'resetCycleFailed' });
