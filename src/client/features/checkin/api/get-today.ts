import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaType } from '@shared/constants';
import { api } from '@client/lib/api-client';

export interface Media {
  id: string;
  url: string;
  thumbUrl: string | null;
  mediaType: MediaType;
  mimeType: string;
  sortIndex: number;
}

export interface CheckinUpdate {
  id: string;
  body: string | null;
  createdAt: string;
  media: Media[];
}

export interface CheckinView {
  id: string;
  cycleId: string;
  postId: string | null;
  dayNumber: number;
  localDate: string;
  movedMinutes: number;
  steps: number;
  proteinTargetHit: boolean;
  hydrationGoalHit: boolean;
  journalMd: string;
  createdAt: string;
  editableUntil: string;
  editable: boolean;
  media: Media[];
  updates: CheckinUpdate[];
}

export interface TodayCycle {
  id: string;
  startDate: string;
  /** The member's local date (yyyy-MM-dd) in their time zone. */
  today: string;
  day: number;
  totalDays: number;
  timeZone: string;
}

export interface Today {
  cycle: TodayCycle;
  checkin: CheckinView | null;
}

export const todayQueryKey = ['checkins', 'today'] as const;

export function getToday(): Promise<Today> {
  return api.get<Today>('/api/checkins/today');
}

export const todayQueryOptions = queryOptions({
  queryKey: todayQueryKey,
  queryFn: getToday,
});

/** The active cycle (the server starts one if needed) and today's check-in, if done. */
export function useToday() {
  return useQuery(todayQueryOptions);
}
