import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCouponView, AdminCouponsPage, OkResponse } from '@shared/api-types';
import type { CouponFormInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './pages';

export const useAdminCoupons = () =>
  useAdminPages<AdminCouponsPage>(queryKeys.admin.coupons, '/api/admin/coupons');

function useCouponMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.coupons }),
  });
}

export const useSaveCoupon = () =>
  useCouponMutation((input: { id?: string; form: CouponFormInput }) =>
    input.id
      ? api.put<AdminCouponView>(`/api/admin/coupons/${input.id}`, input.form)
      : api.post<AdminCouponView>('/api/admin/coupons', input.form),
  );

export const useSetCouponActive = () =>
  useCouponMutation((input: { id: string; isActive: boolean }) =>
    api.put<AdminCouponView>(`/api/admin/coupons/${input.id}/active`, {
      isActive: input.isActive,
    }),
  );

export const useDeleteCoupon = () =>
  useCouponMutation((id: string) => api.delete<OkResponse>(`/api/admin/coupons/${id}`));
