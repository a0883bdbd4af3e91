import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Gift, SearchX } from 'lucide-react';
import { toast } from 'sonner';
import { CYCLE_LENGTH_DAYS, PRODUCT_NAME } from '@shared/constants';
import { msg } from '@shared/messages';
import { AuthPage } from '@client/components/layout/auth-page';
import { buttonVariants } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { looksLikeInviteToken, useInvite } from '../api/get-invite';
import { pagePath } from '@shared/pages';

export function freeMonthsLabel(months: number): string {
  return months === 1 ? msg.oneMonthFree : msg.inviteLanding.monthsFree(months);
}

/** /invite/{token}: loading, then who invited you and the free month, or 'Invite Not Found'. */
export function InviteLanding({ token }: { token: string | undefined }) {
  const wellFormed = looksLikeInviteToken(token);
  const invite = useInvite(wellFormed ? token : null);

  useEffect(() => {
    // Ids keep a toast single when the effect runs twice (StrictMode, remounts).
    if (!wellFormed) toast.error(msg.invalidInviteLink, { id: 'invite-link' });
  }, [wellFormed]);
  useEffect(() => {
    if (invite.isError) toast.error(msg.couldNotValidateInvite, { id: 'invite-check' });
  }, [invite.isError]);

  if (wellFormed && invite.isPending) {
    return (
      <AuthPage title={msg.inviteLanding.checkingYourInvite}>
        <title>{msg.inviteLanding.title}</title>
        <Spinner label={msg.loading} />
      </AuthPage>
    );
  }

  if (invite.data?.ok) {
    const { inviterName, monthsFree } = invite.data;
    return (
      <AuthPage
        title={msg.inviteLanding.invitedYou(inviterName)}
        description={msg.inviteLanding.joinOn(inviterName, PRODUCT_NAME, CYCLE_LENGTH_DAYS)}
      >
        <title>{msg.common.pageTitle(msg.inviteLanding.invitedYou(inviterName))}</title>
        <div className="flex flex-col gap-6">
          <div className="flex items-center gap-4 rounded-2xl border-2 border-primary bg-primary/15 p-5">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Gift aria-hidden className="size-6" />
            </span>
            <div className="flex flex-col">
              <p className="text-2xl font-black tracking-tight">{freeMonthsLabel(monthsFree)}</p>
              <p className="text-sm text-muted-foreground">
                {msg.inviteLanding.giftFrom(inviterName)}
              </p>
            </div>
          </div>
          <Link
            to={pagePath('pricing', { search: { invite: token! } })}
            className={buttonVariants({ size: 'lg' })}
          >
            {msg.acceptInviteAndContinue}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={msg.inviteNotFound}>
      <title>{msg.inviteLanding.title2}</title>
      <div className="flex flex-col gap-6">
        <div className="flex items-start gap-3">
          <SearchX aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <p>{msg.inviteExpiredOrUsed}</p>
        </div>
        {invite.isError && (
          <button
            type="button"
            onClick={() => void invite.refetch()}
            className={buttonVariants({ variant: 'secondary' })}
          >
            {msg.crewCycleTryAgain}
          </button>
        )}
        <Link
          to={pagePath('landing')}
          className={buttonVariants({ variant: invite.isError ? 'ghost' : 'secondary' })}
        >
          {msg.goHome}
        </Link>
      </div>
    </AuthPage>
  );
}
