import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgressPhotosView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/progress-photos (server: modules/progress-photos/service.ts). */
export function getProgressPhotos(signal?: AbortSignal): Promise<ProgressPhotosView> {
  return api.get<ProgressPhotosView>('/api/progress-photos', { signal });
}

export const progressPhotosQueryOptions = queryOptions({
  queryKey: queryKeys.progressPhotos.all,
  queryFn: ({ signal }) => getProgressPhotos(signal),
});

export function useProgressPhotos() {
  return useQuery(progressPhotosQueryOptions);
}
