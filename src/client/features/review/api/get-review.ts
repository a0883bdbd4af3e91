import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeeklyReviewResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** The newest open review (no address), or week `week` of the member's cycle `cycle`. */
export type ReviewAddress = { cycle: string; week: number } | null;

/** GET /api/review or /api/review/{cycle}/{week} (server: modules/review/service.ts). */
export function getReview(address: ReviewAddress, signal?: AbortSignal) {
  const path = address ? `/api/review/${address.cycle}/${address.week}` : '/api/review';
  return api.get<WeeklyReviewResponse>(path, { signal });
}

export const reviewQueryOptions = (address: ReviewAddress) =>
  queryOptions({
    queryKey: address
      ? queryKeys.review.week(address.cycle, address.week)
      : queryKeys.review.newest,
    queryFn: ({ signal }) => getReview(address, signal),
  });

export function useReview(address: ReviewAddress) {
  return useQuery(reviewQueryOptions(address));
}
