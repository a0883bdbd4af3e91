import type { CrewJoined } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** POST /api/crew-invites/:token/join: the member joins the crew the link is for. */
export function joinCrew(token: string): Promise<CrewJoined> {
  return api.post<CrewJoined>(`/api/crew-invites/${token}/join`);
}

// Joining says the crew's name (crew-join.tsx).
export const useJoinCrew = (token: string) =>
  useCrewChange(() => joinCrew(token), { error: 'unexpectedError' });
