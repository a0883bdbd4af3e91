import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { HomeBar } from './home-bar';
import { LegalFooter } from './legal-links';

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
      <HomeBar className="max-w-5xl" />
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
      <LegalFooter />
    </div>
  );
}
