import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentsSavedResponse, SettingsResponse } from '@shared/api-types';
import type { ConsentsInput } from '@shared/domain/profile-schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function updateConsents(input: ConsentsInput): Promise<ConsentsSavedResponse> {
  return api.put<ConsentsSavedResponse>('/api/settings/consents', input);
}

/**
 * `marketing` (the marketing switch, not a consent's box), known before the call, picks the failure's
 * words; the switch's success says on or off from what was sent, so the screen says it.
 */
export function useUpdateConsents(marketing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsents,
    meta: marketing
      ? { error: 'errorUpdatingMarketing' }
      : { success: 'settingsUpdated', error: 'errorUpdatingSettings' },
    onSuccess: ({ consents }) =>
      queryClient.setQueryData<SettingsResponse>(queryKeys.settings.all, (current) =>
        current ? { ...current, consents } : current,
      ),
  });
}
