import type { CycleChangedResponse } from '@shared/api-types';
import type { PauseInput } from '@shared/domain/streak-schemas';
import { api } from '@client/lib/api-client';
import { useStreakMutation } from './streak-change';

/** POST /api/cycle/pause: a pause from a start date for a number of days. */
export function pauseCycle(input: PauseInput): Promise<CycleChangedResponse> {
  return api.post<CycleChangedResponse>('/api/cycle/pause', input);
}

export const usePauseCycle = () => useStreakMutation(pauseCycle);
