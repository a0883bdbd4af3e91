import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { msg } from '@shared/messages';
import { AuthPage } from '@client/components/layout/auth-page';
import { buttonVariants } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useSession } from '@client/features/auth/api/get-session';
import { useAdminInvite } from '@client/features/auth/api/get-admin-invite';
import { AdminInviteForm } from '@client/features/auth/components/admin-invite-form';
import { SignUpForm } from '@client/features/auth/components/sign-up-form';
import { CouponEntry, useCouponEntry } from '@client/features/pricing/components/coupon-entry';
import { looksLikeInviteToken } from '@client/features/invites/api/get-invite';
import { InviteApplied } from '@client/features/invites/components/invite-applied';
import { pagePath } from '@shared/pages';

export function SignUpRoute() {
  const [params] = useSearchParams();
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to={pagePath('app-home')} replace />;

  const adminInvite = params.get('admin_invite');
  if (adminInvite !== null) {
    return (
      <AdminInviteSignUp email={adminInvite.trim()} token={params.get('token')?.trim() ?? ''} />
    );
  }
  const invite = params.get('invite');
  return (
    <MemberSignUp
      initialCoupon={params.get('coupon')}
      invite={looksLikeInviteToken(invite) ? invite : undefined}
    />
  );
}

function MemberSignUp({
  initialCoupon,
  invite,
}: {
  initialCoupon: string | null;
  /** A buddy invite from /invite/{token} via /pricing: redeemed at email verification. */
  invite?: string;
}) {
  const navigate = useNavigate();
  const coupon = useCouponEntry(initialCoupon);
  return (
    <AuthPage
      title={msg.signupPage.createYourAccount}
      description={msg.signupPage.day1IsOneForm}
      footer={
        <>
          {msg.signupPage.alreadyHaveAnAccount}{' '}
          <Link
            to={pagePath('signin')}
            className="inline-flex min-h-11 items-center font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            {msg.common.signIn}
          </Link>
        </>
      }
    >
      <title>{msg.signupPage.title}</title>
      <SignUpForm
        couponField={
          <>
            {invite && <InviteApplied token={invite} />}
            <CouponEntry coupon={coupon} />
          </>
        }
        couponCode={coupon.enteredCode}
        onCouponRejected={coupon.reject}
        onSignedUp={(result) => {
          const query = new URLSearchParams({ email: result.email, signup: 'true' });
          if (result.coupon) query.set('coupon', result.coupon);
          query.set('months_free', String(result.monthsFree));
          if (invite) query.set('invite', invite);
          navigate(pagePath('verify-email', { search: query }));
        }}
      />
    </AuthPage>
  );
}

function AdminInviteSignUp({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const link = email && token ? { email, token } : null;
  const invite = useAdminInvite(link);

  if (link && invite.isPending) {
    return (
      <AuthPage title={msg.signupPage.yourInvitation}>
        <Spinner label={msg.loading} />
      </AuthPage>
    );
  }
  if (!link || invite.isError || !invite.data) {
    return (
      <AuthPage title={msg.signupPage.yourInvitation}>
        <title>{msg.signupPage.title2}</title>
        <div className="flex flex-col gap-4">
          <p role="alert">{msg.adminInviteInvalid}</p>
          <Link to={pagePath('landing')} className={buttonVariants({ variant: 'secondary' })}>
            {msg.goHome}
          </Link>
        </div>
      </AuthPage>
    );
  }

  const name = invite.data.displayName || invite.data.firstName || email;
  return (
    <AuthPage
      title={msg.signupPage.welcome(name)}
      description={msg.signupPage.youveBeenInvitedToStackdays}
    >
      <title>{msg.signupPage.title3}</title>
      <AdminInviteForm
        email={email}
        token={token}
        onActivated={() => navigate(pagePath('app-home'))}
      />
    </AuthPage>
  );
}
