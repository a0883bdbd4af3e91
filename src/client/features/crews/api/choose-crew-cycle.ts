import type { CrewCycleState } from '@shared/api-types';
import type { CrewCycleChoice } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** PUT /api/crews/:id/cycles/:cycleId/choice: move to the crew's cycle, or stay on one's own. */
export function chooseCrewCycle(
  crewId: string,
  cycleId: string,
  choice: CrewCycleChoice,
): Promise<CrewCycleState> {
  return api.put<CrewCycleState>(`/api/crews/${crewId}/cycles/${cycleId}/choice`, { choice });
}

// Its success says what happened (moved now, moving at Day 1, staying): crew-cycle-choice.tsx.
export const useChooseCrewCycle = (crewId: string, cycleId: string) =>
  useCrewChange((choice: CrewCycleChoice) => chooseCrewCycle(crewId, cycleId, choice), {
    error: 'unexpectedError',
  });
