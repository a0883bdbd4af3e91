import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthPage } from '@client/components/layout/auth-page';
import { FreeMonthsDialog } from '@client/features/auth/components/free-months-dialog';
import { VerifyEmailForm } from '@client/features/auth/components/verify-email-form';
import { pagePath } from '@shared/pages';

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
      title="Check your email"
      description="Enter the code we sent to confirm your address."
      footer={
        <>
          Wrong email?{' '}
          <Link
            to={pagePath('signup')}
            className="inline-flex min-h-11 items-center font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            Start over
          </Link>
        </>
      }
    >
      <title>Verify your email · StackDays</title>
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
