import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import type { FinishSignUpData } from '@shared/domain/schemas';
import { ApiError, api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function finishSignUp(input: FinishSignUpData): Promise<OkResponse> {
  return api.post('/api/account/finish-sign-up', input);
}

/**
 * Gives the name and the terms a sign-up in another browser kept (decision 0095). The session changes
 * (the name, and no longer unfinished), so it is read again before the app opens. `onFinished` runs
 * first (the screen to open, set while this one still shows), then the session is read, awaited: the
 * guard keeps this screen until the session says the sign-up is finished.
 */
export function useFinishSignUp({ onFinished }: { onFinished: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishSignUp,
    meta: { error: 'unexpectedError' },
    onSuccess: async () => {
      onFinished();
      await queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
    },
    // Finished already (in another tab): the session, read again, opens the app.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
    },
  });
}
