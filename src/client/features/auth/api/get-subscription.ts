import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@shared/api-types';
import { isSubscribed } from '@shared/domain/subscription';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export async function getSubscription(): Promise<SubscriptionView> {
  try {
    return await api.get<SubscriptionView>('/api/subscription');
  } catch (error) {
    // Spec: a failed subscription check is only logged; the member counts as not subscribed.
    console.warn('Could not read the subscription', error);
    throw error;
  }
}

export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.subscription.member(userId),
    queryFn: getSubscription,
  });

/** Re-read whenever the member changes. Active or trialing is subscribed; anything else, or an error, is not. */
export function useSubscription(userId: string | null | undefined) {
  const query = useQuery({
    ...subscriptionQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
  });
  return {
    isLoading: Boolean(userId) && query.isPending,
    subscription: query.data ?? null,
    subscribed: query.isError ? false : isSubscribed(query.data?.status),
  };
}
