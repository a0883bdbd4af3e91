import type { AdminCouponView } from '@shared/api-types';
import type { CouponFormInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

export interface SaveCouponInput {
  /** The coupon to change; a new coupon without it. */
  id?: string;
  form: CouponFormInput;
}

/** POST /api/admin/coupons, or PUT /api/admin/coupons/:id. */
export function saveCoupon(input: SaveCouponInput): Promise<AdminCouponView> {
  return input.id
    ? api.put<AdminCouponView>(`/api/admin/coupons/${input.id}`, input.form)
    : api.post<AdminCouponView>('/api/admin/coupons', input.form);
}

/** `editing` (a coupon is open in the form) picks the success message; a failure reads the same. */
export const useSaveCoupon = (editing: boolean) =>
  useAdminMutation(saveCoupon, [queryKeys.admin.coupons], {
    success: editing ? 'couponUpdated' : 'couponCreated',
    error: 'saveCouponFailed',
  });
