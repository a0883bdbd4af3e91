import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';

/** POST /api/notifications/push/subscriptions: stores this browser's subscription (its toJSON()). */
export function savePushSubscription(subscription: PushSubscriptionJSON): Promise<OkResponse> {
  return api.post<OkResponse>('/api/notifications/push/subscriptions', subscription);
}
