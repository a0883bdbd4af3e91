import type { AdminBadgeAward } from '@shared/api-types';
import type { AwardBadgeInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/badges/award. */
export function awardBadge(input: AwardBadgeInput): Promise<AdminBadgeAward> {
  return api.post<AdminBadgeAward>('/api/admin/badges/award', input);
}

// Its success says awarded or already held, from the answer: the Award dialog says it.
export const useAwardBadge = () =>
  useAdminMutation(awardBadge, [queryKeys.admin.badges], { error: 'awardBadgeFailed' });
