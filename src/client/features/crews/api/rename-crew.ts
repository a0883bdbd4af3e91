import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useCrewChange } from './crew-change';

/** PATCH /api/crews/:id: the owner renames the crew. */
export function renameCrew(crewId: string, name: string): Promise<OkResponse> {
  return api.patch<OkResponse>(`/api/crews/${crewId}`, { name });
}

// A failed rename shows under the name field (crew-settings.tsx).
export const useRenameCrew = (crewId: string) =>
  useCrewChange((name: string) => renameCrew(crewId, name), { success: 'crewRenamed' });
