import { Link, Navigate, useNavigate } from 'react-router';
import { AuthPage } from '@client/components/layout/auth-page';
import { useSession } from '@client/features/auth/api/get-session';
import { SignInForm } from '@client/features/auth/components/sign-in-form';
import { pagePath } from '@shared/pages';

export function SignInRoute() {
  const navigate = useNavigate();
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to={pagePath('app-home')} replace />;
  return (
    <AuthPage
      title="Welcome back"
      description="Sign in with a 6-digit code sent to your email. No password to remember."
      footer={
        <>
          New to StackDays?{' '}
          <Link
            to={pagePath('signup')}
            className="inline-flex min-h-11 items-center font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <title>Sign in · StackDays</title>
      <SignInForm onSignedIn={() => navigate(pagePath('app-home'))} />
    </AuthPage>
  );
}
