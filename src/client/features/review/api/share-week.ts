import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareWeekResponse } from '@shared/api-types';
import type { ShareWeekData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/review/{cycle}/{week}/share. */
export function shareWeek(address: { cycle: string; week: number }, input: ShareWeekData) {
  return api.post<ShareWeekResponse>(`/api/review/${address.cycle}/${address.week}/share`, input);
}

/** The review shows its shared post, and the feed has a new one. */
export function useShareWeek(address: { cycle: string; week: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareWeekData) => shareWeek(address, input),
    meta: { success: 'reviewShared', error: 'reviewShareFailed' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.review.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
      ]),
  });
}
