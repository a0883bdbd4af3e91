// What a member's browser reports about the app (decision 0040): Core Web Vitals and uncaught errors,
// by screen. No personal data: the screen is a route pattern from a fixed list, never the address
// itself, and nothing names the member.

/** The web-vitals metrics reported. LCP and INP in milliseconds, CLS unitless. */
export const CLIENT_VITALS = ['LCP', 'INP', 'CLS'] as const;
export type ClientVital = (typeof CLIENT_VITALS)[number];

/** One page view in this many sends its report (the rest load nothing). */
export const CLIENT_REPORT_SAMPLE_RATE = 0.1;
/** A report's body: one page view's vitals and error count is a few hundred bytes. */
export const CLIENT_REPORT_MAX_BYTES = 2048;
/** Uncaught errors counted in one page view; more are counted as this many. */
export const CLIENT_REPORT_MAX_ERRORS = 20;
/** Reports accepted per client address and window. */
export const CLIENT_REPORTS_PER_WINDOW = 30;
export const CLIENT_REPORT_WINDOW_SECONDS = 600;

/** The screens reports are grouped by; any other path is reported as `other`. */
export const REPORTED_SCREENS = [
  '/',
  '/signin',
  '/signup',
  '/verify-email',
  '/pricing',
  '/invite/:token',
  '/app',
  '/app/start-trial',
  '/app/feed',
  '/app/cycle',
  '/app/review',
  '/app/ai-workouts',
  '/app/community',
  '/app/profile',
  '/app/settings',
  '/app/admin',
  '/app/admin/users',
  '/app/admin/subscriptions',
  '/app/admin/notifications',
  '/app/admin/posts',
  '/app/admin/reports',
  '/app/admin/badges',
  '/app/admin/coupons',
  '/app/admin/audit',
  'other',
] as const;
export type ReportedScreen = (typeof REPORTED_SCREENS)[number];

const KNOWN = new Set<string>(REPORTED_SCREENS);

/** The screen a path belongs to: the invite token is replaced, an unknown path is `other`. */
export function reportedScreen(pathname: string): ReportedScreen {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (/^\/invite\/[^/]+$/.test(path)) return '/invite/:token';
  return KNOWN.has(path) ? (path as ReportedScreen) : 'other';
}

/** One page view's report, as the browser sends it. */
export interface ClientReport {
  screen: ReportedScreen;
  vitals: { name: ClientVital; value: number }[];
  errors: number;
}
