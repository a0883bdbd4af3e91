import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminInvitePasswordData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { sessionQueryKey } from './get-session';

export interface AcceptAdminInviteInput extends AdminInvitePasswordData {
  token: string;
}

export function acceptAdminInvite(
  input: AcceptAdminInviteInput,
): Promise<{ ok: boolean; isAdmin: boolean }> {
  return api.post('/api/account/admin-invite', input);
}

/** Sets the password and signs the person in: the session changes. */
export function useAcceptAdminInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAdminInvite,
    // Not awaited: the screen moves on at once and the guard shows 'Authenticating...' meanwhile.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
