import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '@client/components/brand/logo';
import { cn } from '@client/lib/cn';
import { pagePath } from '@shared/pages';
import { msg } from '@shared/messages';

/** The top of a visitor page that is not the landing: the logo, and a way back home. */
export function HomeBar({ className }: { className?: string }) {
  return (
    <header className={cn('mx-auto flex w-full items-center justify-between px-4 py-3', className)}>
      <Logo />
      <Link
        to={pagePath('landing')}
        className="flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {msg.homeBar.backToHome}
      </Link>
    </header>
  );
}
