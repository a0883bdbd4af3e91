// Schemas for the profile, settings and account screens that the shared schemas.ts does not hold:
// consents, the typed confirmation of account deletion. The forms and the server parse with these.

import { z } from 'zod';
import { ACCOUNT_DELETE_CONFIRMATION } from '../constants';
import { msg } from '../messages';

/**
 * Terms and the health disclaimer can be accepted (the server records when, once); marketing e-mails
 * can be switched on and off (the server records when it last changed). At least one must be given.
 */
export const consentsSchema = z
  .object({
    tosAccepted: z.literal(true, { error: () => msg.invalidOption }).optional(),
    healthDisclaimerAccepted: z.literal(true, { error: () => msg.invalidOption }).optional(),
    marketingOptIn: z.boolean({ error: () => msg.invalidOption }).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: () => msg.validation,
  });
export type ConsentsInput = z.input<typeof consentsSchema>;
export type ConsentsData = z.output<typeof consentsSchema>;

/** 'Delete my account': the member types the confirmation word exactly (surrounding spaces ignored). */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string({ error: () => msg.deleteAccountConfirmMismatch })
    .trim()
    .refine((value) => value === ACCOUNT_DELETE_CONFIRMATION, {
      error: () => msg.deleteAccountConfirmMismatch,
    }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
export type DeleteAccountData = z.output<typeof deleteAccountSchema>;
