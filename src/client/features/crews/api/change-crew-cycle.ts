import type { CrewCycleState } from '@shared/api-types';
import type { CrewCycleRulesInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** PATCH /api/crews/:id/cycles/:cycleId: the owner changes the rules before Day 1 (409 after). */
export function changeCrewCycle(
  crewId: string,
  cycleId: string,
  input: CrewCycleRulesInput,
): Promise<CrewCycleState> {
  return api.patch<CrewCycleState>(`/api/crews/${crewId}/cycles/${cycleId}`, input);
}

// A refusal shows under the form (crew-cycle-schedule.tsx).
export const useChangeCrewCycle = (crewId: string, cycleId: string) =>
  useCrewChange((input: CrewCycleRulesInput) => changeCrewCycle(crewId, cycleId, input), {
    success: 'crewCycleRulesSaved',
  });
