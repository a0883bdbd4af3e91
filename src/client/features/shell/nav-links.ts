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

/** The member area's main sections, in the spec's order; labels read in the page's language. */
export const SHELL_LINKS: readonly ShellLink[] = [
  {
    to: pagePath('app-home'),
    get label() {
      return msg.shellNav.home;
    },
    icon: Home,
    end: true,
  },
  {
    to: pagePath('app-feed'),
    get label() {
      return msg.shellNav.feed;
    },
    icon: Newspaper,
  },
  {
    to: pagePath('app-cycle'),
    get label() {
      return msg.common.myCycle;
    },
    icon: RefreshCcw,
    also: [pagePath('app-review')],
  },
  {
    to: pagePath('app-ai-workouts'),
    get label() {
      return msg.aiWorkoutsPage.aiWorkouts;
    },
    icon: Bot,
  },
  {
    to: pagePath('app-community'),
    get label() {
      return msg.community;
    },
    icon: Users,
    also: [pagePath('app-crews')],
  },
];
