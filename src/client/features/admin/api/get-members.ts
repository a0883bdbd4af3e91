import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMembersList } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/members?q=: the award dialog's member picker. */
export function getAdminMembers(q: string, signal?: AbortSignal): Promise<AdminMembersList> {
  return api.get<AdminMembersList>('/api/admin/members', {
    query: { q: q || undefined },
    signal,
  });
}

export const adminMembersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.admin.members(q),
    queryFn: ({ signal }) => getAdminMembers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminMembers(q: string) {
  return useQuery(adminMembersQueryOptions(q));
}
