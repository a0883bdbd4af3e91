import type { HealthSavedResponse } from '@shared/api-types';
import type { HealthProfileInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { useHealthMutation } from './health-mutation';

export function saveHealth(input: HealthProfileInput): Promise<HealthSavedResponse> {
  return api.put<HealthSavedResponse>('/api/profile/health', input);
}

// Saving says "created" or "updated" from the answer: the Health tab says that itself. Its failure
// depends on whether a profile is `stored`, known before the call.
export const useSaveHealth = (stored: boolean) =>
  useHealthMutation(saveHealth, {
    error: stored ? 'errorUpdatingHealthProfile' : 'errorSavingHealthProfile',
  });
