import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';

/** DELETE /api/updates/:id (server: discardUpdate): gives back an update that carries nothing. */
export function deleteUpdate(updateId: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/updates/${encodeURIComponent(updateId)}`);
}
