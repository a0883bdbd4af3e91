import { Link, Navigate, useNavigate } from 'react-router';
import { AuthPage } from '@client/components/layout/auth-page';
import { useSession } from '@client/features/auth/api/get-session';
import { SignInForm } from '@client/features/auth/components/sign-in-form';
import { pagePath } from '@shared/pages';
import { msg } from '@shared/messages';

export function SignInRoute() {
  const navigate = useNavigate();
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to={pagePath('app-home')} replace />;
  return (
    <AuthPage
      title={msg.signinPage.welcomeBack}
      description={msg.signinPage.signInWithA6}
      footer={
        <>
          {msg.signinPage.newToStackdays}{' '}
          <Link
            to={pagePath('signup')}
            className="inline-flex min-h-11 items-center font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            {msg.common.createAnAccount}
          </Link>
        </>
      }
    >
      <title>{msg.signinPage.title}</title>
      <SignInForm onSignedIn={() => navigate(pagePath('app-home'))} />
    </AuthPage>
  );
}
