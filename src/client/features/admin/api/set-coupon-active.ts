import type { AdminCouponView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** PUT /api/admin/coupons/:id/active. */
export function setCouponActive(input: {
  id: string;
  isActive: boolean;
}): Promise<AdminCouponView> {
  return api.put<AdminCouponView>(`/api/admin/coupons/${input.id}/active`, {
    isActive: input.isActive,
  });
}

export const useSetCouponActive = () =>
  // Its success says activated or deactivated, from the row: coupons-screen.tsx says it.
  useAdminMutation(setCouponActive, [queryKeys.admin.coupons], { error: 'updateCouponFailed' });
