import { Info } from 'lucide-react';
import { contactHref } from '@shared/domain/subscription';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';

/**
 * What happens next on a server that takes no payments (decision 0034): when free time ends, or has
 * ended, the member asks for more at BILLING_CONTACT (a link), or of the people who run the server.
 * Never a plan button: there is nothing to buy here.
 */
export function FreeTimeNote({
  endedOn,
  contact,
  className = 'text-sm',
}: {
  /** The period end when free time has ended; null while it is still running. */
  endedOn: string | null;
  contact: string | null;
  className?: string;
}) {
  return (
    <div
      data-testid="free-time-note"
      className={`flex items-start gap-2 rounded-xl border border-border bg-muted p-3 ${className}`}
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
      <p>
        {endedOn ? (
          <>
            <strong className="font-semibold">{msg.freeTimeEnded(formatDate(endedOn))}</strong>{' '}
            {msg.noPaymentsHere}{' '}
          </>
        ) : (
          <>
            {msg.noPaymentsHere} {msg.freeTimeEndsHere}{' '}
          </>
        )}
        {contact ? (
          <>
            {msg.askForAccessAt}{' '}
            <a
              href={contactHref(contact)}
              className="font-semibold [overflow-wrap:anywhere] text-accent-text underline underline-offset-4"
            >
              {contact}
            </a>
          </>
        ) : (
          msg.askForAccess(null)
        )}
      </p>
    </div>
  );
}
