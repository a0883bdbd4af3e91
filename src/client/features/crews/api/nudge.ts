import type { CrewNudgeSent } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** POST /api/crews/:id/nudges: a nudge to a crew member who has not checked in today. */
export function nudge(crewId: string, userId: string): Promise<CrewNudgeSent> {
  return api.post<CrewNudgeSent>(`/api/crews/${crewId}/nudges`, { userId });
}

// A nudge's success is the answer's own words (crew-board.tsx).
export const useNudge = (crewId: string) =>
  useCrewChange((userId: string) => nudge(crewId, userId), { error: 'unexpectedError' });
