// What a member's browser reports about the app (decision 0040): Core Web Vitals and uncaught errors,
// by screen. No personal data: the screen is a route pattern from the page manifest, never the
// address itself, and nothing names the member.

import { exactPage, PAGES } from './pages';

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

/**
 * The screens reports are grouped by: the app's route patterns from the page manifest
 * (src/shared/pages.ts); any other path is reported as `other`.
 */
export const REPORTED_SCREENS: readonly [string, ...string[]] = [
  'other',
  ...new Set(
    PAGES.filter((page) => !page.serverOnly && page.path !== '*').map((page) => page.path),
  ),
];
export type ReportedScreen = string;

/** The screen a path belongs to: a route pattern (the invite token replaced), or `other`. */
export function reportedScreen(pathname: string): ReportedScreen {
  const page = exactPage(pathname);
  return page && !page.serverOnly ? page.path : 'other';
}

/** One page view's report, as the browser sends it. */
export interface ClientReport {
  screen: ReportedScreen;
  vitals: { name: ClientVital; value: number }[];
  errors: number;
}
