import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getProfile(): Promise<ProfileView> {
  return api.get<ProfileView>('/api/profile');
}

export const profileQueryOptions = queryOptions({
  queryKey: queryKeys.profile.me,
  queryFn: getProfile,
});

/** The signed-in member's own profile. */
export function useProfile() {
  return useQuery(profileQueryOptions);
}
