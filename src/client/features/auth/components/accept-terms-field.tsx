import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Label } from '@client/components/ui/label';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { pagePath } from '@shared/pages';
import { RichText } from '@client/i18n/rich-text';
import { msg } from '@shared/messages';

const linkClass = 'font-semibold text-accent-text underline underline-offset-4';

/** A legal page named in the sentence, opened beside the form so nothing typed is lost. */
const legalLink = (page: 'terms' | 'privacy', chunks: ReactNode) => (
  <a href={pagePath(page)} target="_blank" rel="noreferrer" className={linkClass}>
    {chunks}
  </a>
);

/**
 * "I accept the terms of service and privacy policy": the required box of every form that opens an
 * account (sign-up, an admin invite's password, finishing a sign-up made in another browser).
 */
export function AcceptTermsField({
  id,
  errorId,
  error,
  registration,
}: {
  id: string;
  errorId: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'acceptTerms'>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        {/* A native box: what was ticked before the app took over the prerendered page carries over. */}
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-md accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
          {...registration}
        />
        {/* The links open in a new tab, so what was typed here stays. */}
        <Label htmlFor={id} className="leading-snug font-normal">
          <span>
            <RichText
              text={msg.acceptTermsField.label}
              tags={{
                terms: (chunks) => legalLink('terms', chunks),
                privacy: (chunks) => legalLink('privacy', chunks),
              }}
            />
          </span>
        </Label>
      </div>
      <FieldMessage id={errorId} tone="error">
        {error}
      </FieldMessage>
    </div>
  );
}
