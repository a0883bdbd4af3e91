import type { CrewSummary } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** POST /api/crews: a new crew, its maker the owner. */
export function createCrew(name: string): Promise<CrewSummary> {
  return api.post<CrewSummary>('/api/crews', { name });
}

// Creating says the new crew's name, and its failure shows under the name field (crews-screen.tsx).
export const useCreateCrew = () => useCrewChange(createCrew);
