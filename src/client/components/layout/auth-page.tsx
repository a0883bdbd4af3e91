import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '@client/components/brand/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { LegalLinks } from './legal-links';

/** The frame of the visitor screens around an account form: logo, a way home, one card. */
export function AuthPage({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-3">
        <Logo />
        <Link
          to="/"
          className="flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to home
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <div className="flex w-full max-w-md flex-col gap-6">
          <Card>
            <CardHeader className="gap-2 pb-4">
              <h1 className="text-2xl font-black tracking-tight">{title}</h1>
              {description && (
                <CardDescription className="text-base">{description}</CardDescription>
              )}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {footer && <div className="text-center text-sm text-muted-foreground">{footer}</div>}
        </div>
      </main>
      <footer className="border-t border-border py-4">
        <LegalLinks />
      </footer>
    </div>
  );
}
