import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HealthProfileResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function skipIntake(): Promise<HealthProfileResponse> {
  return api.post<HealthProfileResponse>('/api/profile/intake/skip');
}

export function useSkipIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipIntake,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.profile.health, answer),
  });
}
