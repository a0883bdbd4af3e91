import { Link } from 'react-router';
import { buttonVariants } from '@client/components/ui/button';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';

export function NotFoundRoute() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 p-6 text-center">
      <p className="text-6xl font-black tabular text-muted-foreground" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">{msg.pageNotFound}</h1>
      <Link to={pagePath('landing')} className={buttonVariants({ variant: 'primary' })}>
        {msg.notFoundPage.returnToHome}
      </Link>
    </main>
  );
}
