import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CrewDetail,
  CrewInviteLink,
  CrewInvitePreview,
  CrewJoined,
  CrewNudgeSent,
  CrewSummary,
  FeedPage,
  OkResponse,
} from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

// The crews API (server: modules/crews, issue 30). Every change refreshes the crews queries; a
// post's new audience refreshes the feeds too.

const refreshCrews = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.crews.all });

export { useMyCrews } from '@client/components/audience/api';

export function useCrew(crewId: string) {
  return useQuery({
    queryKey: queryKeys.crews.one(crewId),
    queryFn: ({ signal }) => api.get<CrewDetail>(`/api/crews/${crewId}`, { signal }),
    retry: false,
  });
}

const crewFeedOptions = (crewId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.crews.feed(crewId),
    queryFn: ({ pageParam, signal }) =>
      api.get<FeedPage>(`/api/crews/${crewId}/feed`, { query: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: false,
  });

export function useCrewFeed(crewId: string) {
  return useInfiniteQuery(crewFeedOptions(crewId));
}

/** A crew change: the call, then every crews query read again; `meta` says its outcome (0067). */
function useCrewChange<V, T>(call: (variables: V) => Promise<T>, meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, meta, onSuccess: () => refreshCrews(queryClient) });
}

// Creating says the new crew's name, and its failure shows under the name field (crews-screen.tsx).
export const useCreateCrew = () =>
  useCrewChange((name: string) => api.post<CrewSummary>('/api/crews', { name }));
// A failed rename shows under the name field (crew-settings.tsx).
export const useRenameCrew = (crewId: string) =>
  useCrewChange((name: string) => api.patch<OkResponse>(`/api/crews/${crewId}`, { name }), {
    success: 'crewRenamed',
  });
export const useCloseCrew = (crewId: string) =>
  useCrewChange(() => api.delete<OkResponse>(`/api/crews/${crewId}`), {
    success: 'crewClosedByYou',
    error: 'unexpectedError',
  });
export const useNewInviteLink = (crewId: string) =>
  useCrewChange(() => api.post<CrewInviteLink>(`/api/crews/${crewId}/invite`), {
    error: 'unexpectedError',
  });
export const useRevokeInviteLink = (crewId: string) =>
  useCrewChange(() => api.delete<OkResponse>(`/api/crews/${crewId}/invite`), {
    error: 'unexpectedError',
  });
/** Removes a member; `leaving` (the viewer removes themself), known before the call, says so. */
export const useRemoveMember = (crewId: string, leaving = false) =>
  useCrewChange(
    (userId: string) =>
      api.delete<OkResponse>(`/api/crews/${crewId}/members/${encodeURIComponent(userId)}`),
    leaving ? { success: 'crewLeft', error: 'unexpectedError' } : { error: 'unexpectedError' },
  );
// A nudge's success is the answer's own words (crew-board.tsx).
export const useNudge = (crewId: string) =>
  useCrewChange(
    (userId: string) => api.post<CrewNudgeSent>(`/api/crews/${crewId}/nudges`, { userId }),
    { error: 'unexpectedError' },
  );
// Joining says the crew's name (crew-join.tsx).
export const useJoinCrew = (token: string) =>
  useCrewChange(() => api.post<CrewJoined>(`/api/crew-invites/${token}/join`), {
    error: 'unexpectedError',
  });

export function useCrewInvite(token: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.crews.invite(token),
    queryFn: ({ signal }) => api.get<CrewInvitePreview>(`/api/crew-invites/${token}`, { signal }),
    enabled,
    retry: false,
  });
}
