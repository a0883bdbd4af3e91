import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBadgesList } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/badges: every badge, by name. */
export function getAdminBadges(signal?: AbortSignal): Promise<AdminBadgesList> {
  return api.get<AdminBadgesList>('/api/admin/badges', { signal });
}

export const adminBadgesQueryOptions = queryOptions({
  queryKey: queryKeys.admin.badges,
  queryFn: ({ signal }) => getAdminBadges(signal),
});

export const useAdminBadges = () => useQuery(adminBadgesQueryOptions);
