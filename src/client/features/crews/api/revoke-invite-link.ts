import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** DELETE /api/crews/:id/invite: the crew's invite link stops working. */
export function revokeInviteLink(crewId: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/crews/${crewId}/invite`);
}

export const useRevokeInviteLink = (crewId: string) =>
  useCrewChange(() => revokeInviteLink(crewId), { error: 'unexpectedError' });
