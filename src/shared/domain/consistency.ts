import { INSIGHT_EXCELLENT_MIN, INSIGHT_GOOD_MIN } from '../constants';

/**
 * Check-ins as a share of the days so far, in whole percent.
 * 0 before the cycle has a day. Capped at 100 so a stray extra check-in row
 * never shows as "104%" on the leaderboard.
 */
export function consistencyScore(checkins: number, currentDay: number): number {
  if (currentDay <= 0 || checkins <= 0) return 0;
  return Math.min(100, Math.round((checkins / currentDay) * 100));
}

export type InsightLevel = 'excellent' | 'good' | 'warning';

/** Performance feedback on My Cycle: 80+ excellent, 60-79 good, below 60 a warning. */
export function insightLevel(score: number): InsightLevel {
  if (score >= INSIGHT_EXCELLENT_MIN) return 'excellent';
  if (score >= INSIGHT_GOOD_MIN) return 'good';
  return 'warning';
}
