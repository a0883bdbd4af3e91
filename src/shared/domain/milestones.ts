import {
  MILESTONE_COMING_UP_WINDOW,
  MILESTONE_DAYS,
  STREAK_BADGE_CODES,
  type BadgeDay,
  type StreakBadgeCode,
} from '../constants';

export type MilestoneState = 'achieved' | 'coming_up' | 'locked';

/** Achieved once the cycle reaches the milestone day; Coming Up in the 7 days before it. */
export function milestoneState(currentDay: number, milestoneDay: number): MilestoneState {
  if (currentDay >= milestoneDay) return 'achieved';
  if (milestoneDay - currentDay <= MILESTONE_COMING_UP_WINDOW) return 'coming_up';
  return 'locked';
}

export interface Milestone {
  day: BadgeDay;
  badgeCode: StreakBadgeCode;
  state: MilestoneState;
}

/** Every milestone of the cycle, in day order, with its state on `currentDay`. */
export function milestones(currentDay: number): Milestone[] {
  return MILESTONE_DAYS.map((day) => ({
    day,
    badgeCode: STREAK_BADGE_CODES[day],
    state: milestoneState(currentDay, day),
  }));
}

/** The first milestone not yet achieved, or null once day 90 is reached. */
export function nextMilestone(currentDay: number): Milestone | null {
  return milestones(currentDay).find((m) => m.state !== 'achieved') ?? null;
}
