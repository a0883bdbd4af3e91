import { useMutation } from '@tanstack/react-query';
import type { SignUpResponse } from '@shared/api-types';
import type { SignUpData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';

export function signUp(input: SignUpData): Promise<SignUpResponse> {
  return api.post('/api/account/sign-up', input);
}

/** Creates the account and mails a code; nobody is signed in yet, so no cached data changes. */
export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    meta: { success: 'accountCreated', error: 'sendVerificationCodeFailed' },
  });
}
