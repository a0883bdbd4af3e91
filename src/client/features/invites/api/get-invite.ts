import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';

export type InviteFailureReason = 'not_found' | 'expired' | 'used';

export type InviteCheck =
  | { ok: true; inviterName: string; monthsFree: number; reason: null }
  | { ok: false; inviterName: null; monthsFree: 0; reason: InviteFailureReason };

/** Tokens are 32 URL-safe characters; anything far off cannot be one (the server agrees: 10..200). */
export function looksLikeInviteToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{10,200}$/.test(token);
}

export function getInvite(token: string): Promise<InviteCheck> {
  return api.get<InviteCheck>(`/api/invites/${encodeURIComponent(token)}`);
}

export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invites', token],
    queryFn: () => getInvite(token),
    staleTime: 60_000,
    // A visitor is waiting on this one answer: one quick retry, then say so.
    retry: 1,
  });

/** Whether an invite link is still good, and who sent it. Public: no session needed. */
export function useInvite(token: string | null) {
  return useQuery({
    ...inviteQueryOptions(token ?? ''),
    enabled: looksLikeInviteToken(token),
  });
}

/**
 * The invite token to carry on to sign-up and verification, unless the server already said it is
 * no good. One still being checked goes along: verification checks it again before granting anything.
 */
export function useInviteToCarry(token: string | null): string | undefined {
  const invite = useInvite(token);
  if (!looksLikeInviteToken(token)) return undefined;
  return invite.data && !invite.data.ok ? undefined : token;
}
