import type { CrewCycleState } from '@shared/api-types';
import type { CrewCycleScheduleInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** POST /api/crews/:id/cycles: the owner schedules "our 90 days start on" (201). */
export function scheduleCrewCycle(
  crewId: string,
  input: CrewCycleScheduleInput,
): Promise<CrewCycleState> {
  return api.post<CrewCycleState>(`/api/crews/${crewId}/cycles`, input);
}

// Its success names the date, and a refusal shows under the form (crew-cycle-schedule.tsx).
export const useScheduleCrewCycle = (crewId: string) =>
  useCrewChange((input: CrewCycleScheduleInput) => scheduleCrewCycle(crewId, input));
