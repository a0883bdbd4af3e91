import type { ReactNode } from 'react';

/** The one h1 of a member screen. */
export function ScreenHeading({
  children,
  description,
}: {
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-1">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{children}</h1>
      {description && <p className="text-muted-foreground">{description}</p>}
    </div>
  );
}
