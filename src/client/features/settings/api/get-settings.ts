import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getSettings(): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/api/settings');
}

export const settingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings.all,
  queryFn: getSettings,
});

/** Notifications, time zone and consents. */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}
