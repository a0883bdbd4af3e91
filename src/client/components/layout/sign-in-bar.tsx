import { Link } from 'react-router';
import { Logo } from '@client/components/brand/logo';
import { buttonVariants } from '@client/components/ui/button';
import { pagePath } from '@shared/pages';
import { msg } from '@shared/messages';

/** The top of the landing and pricing pages: the logo, and Sign in. */
export function SignInBar() {
  return (
    <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
      <Logo />
      <Link to={pagePath('signin')} className={buttonVariants({ variant: 'ghost' })}>
        {msg.common.signIn}
      </Link>
    </header>
  );
}
