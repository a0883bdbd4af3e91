import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';

/** POST /api/notifications/push/unsubscribe: the server forgets this browser's subscription. */
export function removePushSubscription(endpoint: string): Promise<OkResponse> {
  return api.post<OkResponse>('/api/notifications/push/unsubscribe', { endpoint });
}
