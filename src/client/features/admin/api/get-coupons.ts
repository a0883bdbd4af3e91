import type { AdminCouponsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './admin-pages';

/** GET /api/admin/coupons?cursor=. */
export const useAdminCoupons = () =>
  useAdminPages<AdminCouponsPage>(queryKeys.admin.coupons, '/api/admin/coupons');
