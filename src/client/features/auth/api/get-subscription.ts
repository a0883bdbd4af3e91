import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSubscribed } from '@shared/domain/subscription';
import { api } from '@client/lib/api-client';

export interface Subscription {
  status: string;
  currentPeriodEnd: string | null;
  priceId: string | null;
  subscribed: boolean;
}

/** Keyed by member, so a different member never sees the previous one's answer. */
export const subscriptionQueryKey = (userId: string) => ['subscription', userId] as const;

export async function getSubscription(): Promise<Subscription> {
  try {
    return await api.get<Subscription>('/api/subscription');
  } catch (error) {
    // Spec: a failed subscription check is only logged; the member counts as not subscribed.
    console.warn('Could not read the subscription', error);
    throw error;
  }
}

export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: subscriptionQueryKey(userId),
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
