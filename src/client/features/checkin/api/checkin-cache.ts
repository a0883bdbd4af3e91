import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

export type CheckinChange = 'created' | 'edited' | 'update-added';

/**
 * What else a saved check-in changes, besides today's screen: My Cycle's numbers and calendar, the
 * feed card, and (for a new check-in) the community board. Only today's answer is awaited, so the
 * form stays until the summary can replace it; the rest are marked stale and refetch when shown.
 */
export function afterCheckinSaved(queryClient: QueryClient, change: CheckinChange): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.feed.all });
  if (change !== 'update-added')
    void queryClient.invalidateQueries({ queryKey: queryKeys.cycle.all });
  if (change === 'created')
    void queryClient.invalidateQueries({ queryKey: queryKeys.community.all });
  return queryClient.invalidateQueries({ queryKey: queryKeys.checkins.today });
}
