import { NavLink, Outlet, useLocation } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { msg } from '@shared/messages';
import { RequireAdmin } from '@client/features/auth/components/require-auth';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { cn } from '@client/lib/cn';
import { pagePath } from '@shared/pages';

/** The admin screens, in the spec's order, plus the audit trail. */
export const ADMIN_NAV = [
  { to: 'users', label: 'Users' },
  { to: 'subscriptions', label: 'Subscriptions' },
  { to: 'notifications', label: 'Notifications' },
  { to: 'posts', label: 'Posts' },
  { to: 'reports', label: 'Reports' },
  { to: 'badges', label: 'Badges' },
  { to: 'coupons', label: 'Coupons' },
  { to: 'crews', label: 'Crews' },
  { to: 'audit', label: 'Audit' },
] as const;

function currentSection(pathname: string) {
  const section = pathname.split('/')[3];
  return ADMIN_NAV.find((item) => item.to === section);
}

/**
 * /app/admin/*: admins only (a spinner while the check runs; everyone else goes back to /app).
 * Side navigation from tablets up, a menu on phones. The server checks the role on every call.
 */
export function AdminLayoutRoute() {
  const { pathname } = useLocation();
  const current = currentSection(pathname);
  return (
    <RequireAdmin>
      <ScreenHeading>{msg.adminPanel}</ScreenHeading>
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:gap-6">
        <nav aria-label={msg.adminRole} className="md:hidden">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary" className="w-full justify-between">
                {current?.label ?? msg.adminLayoutPage.menu}
                <ChevronDown aria-hidden className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-[calc(100vw-2rem)]">
              {ADMIN_NAV.map((item) => (
                <DropdownMenuItem key={item.to} asChild>
                  <NavLink to={pagePath(`app-admin-${item.to}`)}>{item.label}</NavLink>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </nav>
        <nav
          aria-label={msg.adminLayoutPage.adminSections}
          className="hidden w-48 shrink-0 md:block"
        >
          <ul className="flex flex-col gap-1">
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={pagePath(`app-admin-${item.to}`)}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-2 text-sm font-semibold hover:bg-muted',
                      isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0 flex-1" aria-label={current?.label}>
          {current && <h2 className="mb-4 text-2xl font-bold">{current.label}</h2>}
          <Outlet />
        </section>
      </div>
    </RequireAdmin>
  );
}
