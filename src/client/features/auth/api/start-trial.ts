import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { subscriptionQueryKey, type Subscription } from './get-subscription';

export function startTrial(): Promise<Subscription> {
  return api.post('/api/subscription/start-trial');
}

/** The answer is the member's new subscription: store it under their key. */
export function useStartTrial(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: (subscription) =>
      queryClient.setQueryData(subscriptionQueryKey(userId), subscription),
  });
}
