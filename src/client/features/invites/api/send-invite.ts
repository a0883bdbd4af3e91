import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import type { InviteData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';

export function sendInvite(input: InviteData): Promise<OkResponse> {
  return api.post<OkResponse>('/api/invites', input);
}

/** Mails a buddy an invite link (10 a day). Nothing the member sees is cached, so nothing to refresh. */
export function useSendInvite() {
  return useMutation({
    mutationFn: sendInvite,
    // A refusal (the daily limit, a bad address) in the server's words; anything else in ours.
    meta: { success: 'inviteSent', error: 'sendInviteFailed' },
  });
}
