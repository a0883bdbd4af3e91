import type { CycleChangedResponse } from '@shared/api-types';
import type { StreakModeInput } from '@shared/domain/streak-schemas';
import { api } from '@client/lib/api-client';
import { useStreakMutation } from './streak-change';

/** PUT /api/cycle/mode: strict or forgiving, in the cycle's first days. */
export function setStreakMode(input: StreakModeInput): Promise<CycleChangedResponse> {
  return api.put<CycleChangedResponse>('/api/cycle/mode', input);
}

export const useSetStreakMode = () => useStreakMutation(setStreakMode);
