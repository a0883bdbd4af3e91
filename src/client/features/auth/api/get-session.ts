import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

import type { SessionResponse, SessionUser } from '@shared/api-types';

/** The cached session: the server's answer, plus one flag the client sets itself. */
export interface CachedSession extends SessionResponse {
  /**
   * Local only, never from the server: set when the member signed out in this tab, so the guard sends
   * them home ('/') rather than to /signin. The next read of the session drops it.
   */
  signedOut?: true;
}

export async function getSession(): Promise<CachedSession> {
  try {
    return await api.get<SessionResponse>('/api/account/session');
  } catch (error) {
    // Spec: a failed session read is only logged; the member is treated as signed out.
    console.warn('Could not read the session', error);
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session.all,
  queryFn: getSession,
  staleTime: 60_000,
});

export type SessionStatus = 'loading' | 'authenticating' | 'signed-in' | 'signed-out';

/**
 * Who is signed in. `authenticating` is the moment after a sign-in when the cached answer still says
 * "nobody" while the fresh one is on its way: the guard waits instead of bouncing to /signin.
 */
export function useSession(): {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signed out by the member in this tab (see CachedSession.signedOut). */
  signedOutHere: boolean;
} {
  const query = useQuery(sessionQueryOptions);
  if (query.isPending) return { status: 'loading', user: null, signedOutHere: false };
  const user = query.data?.user ?? null;
  if (user) return { status: 'signed-in', user, signedOutHere: false };
  if (query.isFetching) return { status: 'authenticating', user: null, signedOutHere: false };
  return { status: 'signed-out', user: null, signedOutHere: query.data?.signedOut === true };
}
