import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminCouponsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/coupons?cursor=. */
export const adminCouponsQueryOptions = () =>
  adminPagesQueryOptions<AdminCouponsPage>(queryKeys.admin.coupons, '/api/admin/coupons');

export const useAdminCoupons = () => useInfiniteQuery(adminCouponsQueryOptions());
