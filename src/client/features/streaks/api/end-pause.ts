import type { CycleChangedResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { useStreakMutation } from './streak-change';

/** DELETE /api/cycle/pause: Resume now. */
export function endPause(): Promise<CycleChangedResponse> {
  return api.delete<CycleChangedResponse>('/api/cycle/pause');
}

export const useEndPause = () => useStreakMutation(endPause);
