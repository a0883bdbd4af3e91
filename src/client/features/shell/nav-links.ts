import { Bot, Home, Newspaper, RefreshCcw, Users, type LucideIcon } from 'lucide-react';

export interface ShellLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Home is active only on /app itself, not on every /app/* screen. */
  end?: boolean;
}

/** The member area's main sections, in the spec's order. */
export const SHELL_LINKS: readonly ShellLink[] = [
  { to: '/app', label: 'Home', icon: Home, end: true },
  { to: '/app/feed', label: 'Feed', icon: Newspaper },
  { to: '/app/cycle', label: 'My Cycle', icon: RefreshCcw },
  { to: '/app/ai-workouts', label: 'AI Workouts', icon: Bot },
  { to: '/app/community', label: 'Community', icon: Users },
];
