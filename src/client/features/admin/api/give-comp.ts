import type { SubscriptionView } from '@shared/api-types';
import type { CompOption } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/users/:id/comp: free time for a member whose access has ended (decision 0034). */
export function giveComp(input: { userId: string; comp: CompOption }): Promise<SubscriptionView> {
  return api.post<SubscriptionView>(`/api/admin/users/${encodeURIComponent(input.userId)}/comp`, {
    comp: input.comp,
  });
}

export const useGiveComp = () =>
  useAdminMutation(giveComp, [queryKeys.admin.subscriptions], {
    success: 'freeTimeGiven',
    error: 'errorGivingFreeTime',
  });
