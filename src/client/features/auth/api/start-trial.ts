import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function startTrial(): Promise<SubscriptionView> {
  return api.post('/api/subscription/start-trial');
}

/** The answer is the member's new subscription: store it under their key. */
export function useStartTrial(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: (subscription) =>
      queryClient.setQueryData(queryKeys.subscription.member(userId), subscription),
  });
}
