import { useMutation } from '@tanstack/react-query';
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

/** Changes no cached data: nothing to invalidate. */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
