import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminInviteProfile } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export interface AdminInviteLink {
  email: string;
  token: string;
}

export function getAdminInvite(link: AdminInviteLink): Promise<AdminInviteProfile> {
  return api.get('/api/account/admin-invite', { query: { email: link.email, token: link.token } });
}

/** `null` (no link in the address) reads nothing: the hook leaves it disabled. */
export const adminInviteQueryOptions = (link: AdminInviteLink | null) =>
  queryOptions({
    queryKey: queryKeys.adminInvite.link(link?.email, link?.token),
    queryFn: () => getAdminInvite(link!),
    staleTime: Infinity,
  });

/** The invited person's profile; a 404 (wrong or used link) is final, so it is not retried. */
export function useAdminInvite(link: AdminInviteLink | null) {
  return useQuery({ ...adminInviteQueryOptions(link), enabled: Boolean(link) });
}
