import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** DELETE /api/crews/:id/members/:userId: the owner removes a member, or a member leaves. */
export function removeMember(crewId: string, userId: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/crews/${crewId}/members/${encodeURIComponent(userId)}`);
}

/** Removes a member; `leaving` (the viewer removes themself), known before the call, says so. */
export const useRemoveMember = (crewId: string, leaving = false) =>
  useCrewChange(
    (userId: string) => removeMember(crewId, userId),
    leaving ? { success: 'crewLeft', error: 'unexpectedError' } : { error: 'unexpectedError' },
  );
