import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/users/:id/invite: the invitation e-mail again; no list changes. */
export function resendInvite(userId: string): Promise<OkResponse> {
  return api.post<OkResponse>(`/api/admin/users/${encodeURIComponent(userId)}/invite`);
}

export const useResendInvite = () =>
  useAdminMutation(resendInvite, [], {
    success: 'invitationSent',
    error: 'resendInvitationFailed',
  });
