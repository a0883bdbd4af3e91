import type { HealthSavedResponse } from '@shared/api-types';
import type { HealthProfileInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { useHealthMutation } from './health-mutation';

/** Completing the Day-1 Health Intake: the health profile plus the health disclaimer, accepted now. */
export function completeIntake(input: HealthProfileInput): Promise<HealthSavedResponse> {
  return api.post<HealthSavedResponse>('/api/profile/intake', input);
}

export const useCompleteIntake = () =>
  useHealthMutation(completeIntake, {
    success: 'healthProfileCreated',
    error: 'errorSavingHealthProfile',
  });
