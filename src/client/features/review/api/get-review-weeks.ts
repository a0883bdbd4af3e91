import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewWeeksResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/review/weeks: the member's cycles with their 13 weeks (My Cycle's rows). */
export function getReviewWeeks(signal?: AbortSignal) {
  return api.get<ReviewWeeksResponse>('/api/review/weeks', { signal });
}

export const reviewWeeksQueryOptions = queryOptions({
  queryKey: queryKeys.review.weeks,
  queryFn: ({ signal }) => getReviewWeeks(signal),
});

export function useReviewWeeks() {
  return useQuery(reviewWeeksQueryOptions);
}
