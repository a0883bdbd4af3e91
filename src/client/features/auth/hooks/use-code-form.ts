import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  verifyCodeSchema,
  type VerifyCodeData,
  type VerifyCodeInput,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';

/**
 * The 6-digit code step of sign-in and of e-mail verification: the form (focused when it appears),
 * its error, and `refuse`, which shows a refused code and clears the box for the next try.
 */
export function useCodeForm(email: string) {
  const form = useForm<VerifyCodeInput, unknown, VerifyCodeData>({
    resolver: zodResolver(verifyCodeSchema),
    defaultValues: { email, code: '' },
  });

  useEffect(() => {
    form.setFocus('code');
  }, [form]);

  const refuse = (err: unknown) => {
    const message = errorMessage(err, msg.verifyCodeFailed);
    toast.error(message);
    form.setError('code', { message });
    form.setValue('code', '');
    form.setFocus('code');
  };

  return { form, error: form.formState.errors.code?.message, refuse };
}
