import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, SettingsSavedResponse } from '@shared/api-types';
import type { SettingsInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function updateSettings(input: SettingsInput): Promise<SettingsSavedResponse> {
  return api.put<SettingsSavedResponse>('/api/settings', input);
}

/**
 * Saved settings replace the cached ones. A new time zone can move the day counter and "today" on
 * home and My Cycle (once it is in effect), and the leaderboard counts days in it: those are read again.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    meta: { success: 'settingsUpdated', error: 'errorUpdatingSettings' },
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData<SettingsResponse>(queryKeys.settings.all, (current) =>
        current ? { ...current, settings } : current,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.checkins.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cycle.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.community.all }),
        // The session carries the zone every time on screen is written in (decision 0033).
        queryClient.invalidateQueries({ queryKey: queryKeys.session.all }),
      ]);
    },
  });
}
