import { Bot, Home, Newspaper, RefreshCcw, Users, type LucideIcon } from 'lucide-react';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';

export interface ShellLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Home is active only on /app itself, not on every /app/* screen. */
  end?: boolean;
  /** Screens reached from this section that light it up too (a crew from Community). */
  also?: readonly string[];
}

/** Whether `pathname` is one of the screens `link.also` names (or below one). */
export function withinAlso(link: ShellLink, pathname: string): boolean {
  return (link.also ?? []).some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** A section whose label is read when the bar renders, so it is in the page's language. */
const section = (label: () => string, link: Omit<ShellLink, 'label'>): ShellLink => ({
  ...link,
  get label() {
    return label();
  },
});

/** The member area's main sections, in the spec's order; labels read in the page's language. */
export const SHELL_LINKS: readonly ShellLink[] = [
  section(() => msg.shellNav.home, { to: pagePath('app-home'), icon: Home, end: true }),
  section(() => msg.shellNav.feed, { to: pagePath('app-feed'), icon: Newspaper }),
  section(() => msg.common.myCycle, {
    to: pagePath('app-cycle'),
    icon: RefreshCcw,
    also: [pagePath('app-review')],
  }),
  section(() => msg.aiWorkoutsPage.aiWorkouts, { to: pagePath('app-ai-workouts'), icon: Bot }),
  section(() => msg.community, {
    to: pagePath('app-community'),
    icon: Users,
    also: [pagePath('app-crews')],
  }),
];
