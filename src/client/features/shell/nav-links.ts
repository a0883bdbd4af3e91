import { Bot, Home, Newspaper, RefreshCcw, Users, type LucideIcon } from 'lucide-react';
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

/** The member area's main sections, in the spec's order. */
export const SHELL_LINKS: readonly ShellLink[] = [
  { to: pagePath('app-home'), label: 'Home', icon: Home, end: true },
  { to: pagePath('app-feed'), label: 'Feed', icon: Newspaper },
  {
    to: pagePath('app-cycle'),
    label: 'My Cycle',
    icon: RefreshCcw,
    also: [pagePath('app-review')],
  },
  { to: pagePath('app-ai-workouts'), label: 'AI Workouts', icon: Bot },
  { to: pagePath('app-community'), label: 'Community', icon: Users, also: [pagePath('app-crews')] },
];
