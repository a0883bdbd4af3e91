import type { QueryClient } from '@tanstack/react-query';
import type { ProfileView, SessionResponse } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';

/**
 * A saved profile: stored as the answer, copied into the session (the avatar menu shows its name and
 * picture at once), and the feed and leaderboard, which show both, are read again.
 */
export async function afterProfileSaved(
  queryClient: QueryClient,
  profile: ProfileView,
): Promise<void> {
  queryClient.setQueryData(queryKeys.profile.me, profile);
  queryClient.setQueryData<SessionResponse>(queryKeys.session.all, (session) =>
    session?.user
      ? {
          ...session,
          user: {
            ...session.user,
            displayName: profile.displayName,
            avatarUrl: profile.avatarUrl,
            unitPref: profile.unitPref,
          },
        }
      : session,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.session.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.community.all }),
  ]);
}
