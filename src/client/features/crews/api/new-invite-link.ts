import type { CrewInviteLink } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** POST /api/crews/:id/invite: a new invite link, which replaces the old one. */
export function newInviteLink(crewId: string): Promise<CrewInviteLink> {
  return api.post<CrewInviteLink>(`/api/crews/${crewId}/invite`);
}

export const useNewInviteLink = (crewId: string) =>
  useCrewChange(() => newInviteLink(crewId), { error: 'unexpectedError' });
