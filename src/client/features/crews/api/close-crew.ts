import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** DELETE /api/crews/:id: the owner closes the crew. */
export function closeCrew(crewId: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/crews/${crewId}`);
}

export const useCloseCrew = (crewId: string) =>
  useCrewChange(() => closeCrew(crewId), { success: 'crewClosedByYou', error: 'unexpectedError' });
