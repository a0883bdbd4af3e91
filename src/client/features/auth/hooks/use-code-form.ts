import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  verifyCodeSchema,
  type VerifyCodeData,
  type VerifyCodeInput,
} from '@shared/domain/schemas';
import { refusalReason } from '@client/lib/api-client';

/**
 * The 6-digit code step of sign-in and of e-mail verification: the form (focused when it appears),
 * its error, and `refuse`. A refused code (4xx) is shown under the box in the server's words and the
 * box is cleared for the next try; when the server failed instead, the code may be fine, so it stays
 * and only the screen's `failedMessage` is shown.
 */
export function useCodeForm(email: string, failedMessage: string) {
  const form = useForm<VerifyCodeInput, unknown, VerifyCodeData>({
    resolver: zodResolver(verifyCodeSchema),
    defaultValues: { email, code: '' },
  });

  useEffect(() => {
    form.setFocus('code');
  }, [form]);

  const refuse = (err: unknown) => {
    const reason = refusalReason(err);
    if (!reason) {
      toast.error(failedMessage);
      return;
    }
    toast.error(reason);
    form.setError('code', { message: reason });
    form.setValue('code', '');
    form.setFocus('code');
  };

  return { form, error: form.formState.errors.code?.message, refuse };
}
