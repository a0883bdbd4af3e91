import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminInviteAccepted } from '@shared/api-types';
import type { AdminInvitePasswordData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export interface AcceptAdminInviteInput extends AdminInvitePasswordData {
  token: string;
  /** The browser's zone: the member's day is counted in it, as after a sign-up (decision 0033). */
  timeZone?: string;
}

export function acceptAdminInvite(input: AcceptAdminInviteInput): Promise<AdminInviteAccepted> {
  return api.post('/api/account/admin-invite', input);
}

/** Sets the password and signs the person in: the session changes. */
export function useAcceptAdminInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAdminInvite,
    // Not awaited: the screen moves on at once and the guard shows 'Authenticating...' meanwhile.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session.all }),
  });
}
