import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteCheckResponse } from '@shared/api-types';
import { INVITE_TOKEN_PATTERN } from '@shared/invite-page';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** Tokens are 32 URL-safe characters; anything far off cannot be one (the server agrees: 10..200). */
export function looksLikeInviteToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && INVITE_TOKEN_PATTERN.test(token);
}

export function getInvite(token: string): Promise<InviteCheckResponse> {
  return api.get<InviteCheckResponse>(`/api/invites/${encodeURIComponent(token)}`);
}

export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invites.check(token),
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
