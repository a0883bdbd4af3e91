import type { CrewCycleState } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** DELETE /api/crews/:id/cycles/:cycleId: the owner cancels a cycle before Day 1 (409 after). */
export function cancelCrewCycle(crewId: string, cycleId: string): Promise<CrewCycleState> {
  return api.delete<CrewCycleState>(`/api/crews/${crewId}/cycles/${cycleId}`);
}

export const useCancelCrewCycle = (crewId: string, cycleId: string) =>
  useCrewChange(() => cancelCrewCycle(crewId, cycleId), {
    success: 'crewCycleCancelled',
    error: 'unexpectedError',
  });
