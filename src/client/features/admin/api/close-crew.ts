import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/crews/:id/close: an admin closes a crew (audited on the server). */
export function closeCrewAsAdmin(crewId: string): Promise<OkResponse> {
  return api.post<OkResponse>(`/api/admin/crews/${crewId}/close`);
}

export const useCloseCrewAsAdmin = () =>
  useAdminMutation(closeCrewAsAdmin, [queryKeys.admin.crews], {
    success: 'crewClosedByYou',
    error: 'unexpectedError',
  });
