import { CircleAlert, Gift, Loader2 } from 'lucide-react';
import { msg } from '@shared/messages';
import { RichText } from '@client/i18n/rich-text';
import { useInvite } from '../api/get-invite';
import { freeMonthsLabel } from './invite-landing';

/**
 * Pricing with ?invite=: says whether the invite's free month applies. The month itself is granted
 * when the new member verifies their email, so nothing needs applying here.
 */
export function InviteApplied({ token }: { token: string }) {
  const invite = useInvite(token);
  if (invite.isPending && invite.fetchStatus !== 'idle') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {msg.loading}
      </p>
    );
  }
  if (invite.data?.ok) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-primary bg-primary/15 p-3"
      >
        <Gift aria-hidden className="size-5 shrink-0 text-accent-text" />
        <p className="text-sm">
          <RichText
            text={msg.inviteApplied.applied(
              freeMonthsLabel(invite.data.monthsFree),
              invite.data.inviterName,
            )}
            tags={{ b: (chunks) => <span className="font-bold">{chunks}</span> }}
          />
        </p>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-danger">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {invite.isError ? msg.couldNotValidateInvite : msg.inviteExpiredOrUsed}
    </p>
  );
}
