import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrewInvitePreview } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/crew-invites/:token: which crew an invite link is for. */
export function getCrewInvite(token: string, signal?: AbortSignal): Promise<CrewInvitePreview> {
  return api.get<CrewInvitePreview>(`/api/crew-invites/${token}`, { signal });
}

export const crewInviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.crews.invite(token),
    queryFn: ({ signal }) => getCrewInvite(token, signal),
    retry: false,
  });

export function useCrewInvite(token: string, enabled: boolean) {
  return useQuery({ ...crewInviteQueryOptions(token), enabled });
}
