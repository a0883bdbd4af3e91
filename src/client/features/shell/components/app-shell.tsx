import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Logo } from '@client/components/brand/logo';
import { cn } from '@client/lib/cn';
import { SHELL_LINKS, withinAlso } from '../nav-links';
import { AvatarMenu, type ShellUser } from './avatar-menu';
import { pagePath } from '@shared/pages';
import { msg } from '@shared/messages';

/**
 * The member area's frame. Wide screens: logo, section links and the avatar menu in one top bar.
 * Phones: the top bar keeps logo and avatar, and the sections move to a bottom tab bar within thumb reach.
 */
export function AppShell({
  user,
  onSignOut,
  children,
}: {
  user: ShellUser;
  onSignOut: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-3 focus:shadow"
      >
        {msg.appShell.skipToContent}
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-4 px-4">
          <Logo to={pagePath('app-home')} />
          <SectionLinks />
          <div className="ml-auto md:ml-0">
            <AvatarMenu user={user} onSignOut={onSignOut} />
          </div>
        </div>
      </header>

      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28 focus:outline-none md:pb-10"
      >
        {children}
      </main>

      <TabBar />
    </div>
  );
}

/** Wide screens: the sections as links in the top bar, the current one underlined. */
function SectionLinks() {
  const { pathname } = useLocation();
  return (
    <nav aria-label={msg.appShell.main} className="hidden flex-1 justify-center md:flex">
      <ul className="flex items-center gap-1">
        {SHELL_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive: exact }) => {
                const isActive = exact || withinAlso(link, pathname);
                return cn(
                  'relative flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive &&
                    'bg-muted font-semibold text-foreground after:absolute after:inset-x-3 after:-bottom-[11px] after:h-0.5 after:rounded-full after:bg-primary',
                );
              }}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Phones: the sections in a bottom tab bar within thumb reach. */
function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={msg.appShell.main}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/85 md:hidden"
    >
      <ul className="grid grid-cols-5">
        {SHELL_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'flex min-h-14 flex-col items-center justify-center gap-1 px-1 text-[11px] leading-tight font-medium text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  (isActive || withinAlso(link, pathname)) && 'font-semibold text-foreground',
                )
              }
            >
              {({ isActive: exact }) => (
                <>
                  <span
                    className={cn(
                      'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      (exact || withinAlso(link, pathname)) && 'bg-primary text-primary-foreground',
                    )}
                  >
                    <link.icon aria-hidden className="size-5" />
                  </span>
                  <span className="text-center">{link.label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
