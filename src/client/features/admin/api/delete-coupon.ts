import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** DELETE /api/admin/coupons/:id. */
export function deleteCoupon(id: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/admin/coupons/${id}`);
}

export const useDeleteCoupon = () =>
  useAdminMutation(deleteCoupon, [queryKeys.admin.coupons], {
    success: 'couponDeleted',
    error: 'deleteCouponFailed',
  });
