import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthPage } from '@client/components/layout/auth-page';
import { FreeMonthsDialog } from '@client/features/auth/components/free-months-dialog';
import { VerifyEmailForm } from '@client/features/auth/components/verify-email-form';
import { pagePath } from '@shared/pages';
import { msg } from '@shared/messages';

export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [grantedMonths, setGrantedMonths] = useState<number | null>(null);
  const email = params.get('email')?.trim();
  if (!email) return <Navigate to={pagePath('signup')} replace />;
  const coupon = params.get('coupon')?.trim() || undefined;
  const invite = params.get('invite')?.trim() || undefined;

  return (
    <AuthPage
      title={msg.verifyEmailPage.checkYourEmail}
      description={msg.verifyEmailPage.enterTheCodeWeSent}
      footer={
        <>
          {msg.verifyEmailPage.wrongEmail}{' '}
          <Link
            to={pagePath('signup')}
            className="inline-flex min-h-11 items-center font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            {msg.verifyEmailPage.startOver}
          </Link>
        </>
      }
    >
      <title>{msg.verifyEmailPage.title}</title>
      <VerifyEmailForm
        email={email}
        coupon={coupon}
        invite={invite}
        justSignedUp={params.get('signup') === 'true'}
        onVerified={(monthsFree) => {
          if (monthsFree > 0) setGrantedMonths(monthsFree);
          else navigate(pagePath('app-start-trial'));
        }}
      />
      <FreeMonthsDialog months={grantedMonths} onContinue={() => navigate(pagePath('app-home'))} />
    </AuthPage>
  );
}
