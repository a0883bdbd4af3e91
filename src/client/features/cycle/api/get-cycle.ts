import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreakBadgeCode } from '@shared/constants';
import type { InsightLevel } from '@shared/domain/consistency';
import type { MilestoneState } from '@shared/domain/milestones';
import { api } from '@client/lib/api-client';

export type CycleDayStatus = 'done' | 'missed' | 'today' | 'upcoming';

export interface CycleDay {
  day: number;
  /** YYYY-MM-DD in the member's time zone. */
  date: string;
  status: CycleDayStatus;
  movedMinutes: number;
  steps: number;
}

/** GET /api/cycle (server: modules/cycles/my-cycle.ts). */
export interface MyCycle {
  cycle: {
    id: string;
    startDate: string;
    today: string;
    day: number;
    totalDays: number;
    timeZone: string;
  };
  stats: {
    checkins: number;
    consistency: number;
    currentStreak: number;
    longestStreak: number;
    totalMinutes: number;
    totalSteps: number;
  };
  days: CycleDay[];
  milestones: { day: number; badgeCode: StreakBadgeCode; state: MilestoneState }[];
  insight: InsightLevel;
}

export const cycleQueryKey = ['cycle'] as const;

export function getCycle(signal?: AbortSignal): Promise<MyCycle> {
  return api.get<MyCycle>('/api/cycle', { signal });
}

export const cycleQueryOptions = queryOptions({
  queryKey: cycleQueryKey,
  queryFn: ({ signal }) => getCycle(signal),
});

export function useCycle() {
  return useQuery(cycleQueryOptions);
}
