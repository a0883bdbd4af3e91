import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';

export interface AdminInviteProfile {
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

export interface AdminInviteLink {
  email: string;
  token: string;
}

export function getAdminInvite(link: AdminInviteLink): Promise<AdminInviteProfile> {
  return api.get('/api/account/admin-invite', { query: { email: link.email, token: link.token } });
}

/** The invited person's profile; a 404 (wrong or used link) is final, so it is not retried. */
export function useAdminInvite(link: AdminInviteLink | null) {
  return useQuery({
    queryKey: ['admin-invite', link?.email, link?.token],
    queryFn: () => getAdminInvite(link!),
    enabled: Boolean(link),
    staleTime: Infinity,
  });
}
