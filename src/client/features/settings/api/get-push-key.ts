import type { PushKeyResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';

/** GET /api/notifications/push/key: the server's VAPID public key, for the browser's subscribe. */
export function getPushKey(): Promise<PushKeyResponse> {
  return api.get<PushKeyResponse>('/api/notifications/push/key');
}
