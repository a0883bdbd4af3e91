import { useMutation } from '@tanstack/react-query';
import type { MessageKey } from '@client/lib/query-client';
import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';

export type CodePurpose = 'sign-in' | 'verify';

export interface SendCodeInput {
  email: string;
  purpose: CodePurpose;
}

/** Mails a 6-digit code. The server answers ok for unknown addresses too, and 429 inside the 30 s cooldown. */
export function sendCode(input: SendCodeInput): Promise<OkResponse> {
  return api.post('/api/account/send-code', input);
}

/**
 * Changes no cached data: nothing to invalidate. `sent` is what its success says ('Code sent' or
 * 'New code sent'). Its failure stays with each caller: a 429 inside the cooldown is a wait, not an
 * error, and is told apart from the answer.
 */
export function useSendCode(sent: MessageKey) {
  return useMutation({ mutationFn: sendCode, meta: { success: sent } });
}
