import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DATA_QUERY } from '@shared/constants';
import { msg } from '@shared/messages';
import { errorMessage } from './api-client';

/** A message of messages.ts that is a plain sentence (not one built from values). */
export type MessageKey = {
  [K in keyof typeof msg]: (typeof msg)[K] extends string ? K : never;
}[keyof typeof msg];

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * What a mutation's outcome shows, once for every screen: `error` is the fallback when the
     * server gives no reason of its own; `success` is shown as it is.
     */
    mutationMeta: { error?: MessageKey; success?: MessageKey };
  }
}

/** For `.catch()` after a mutation whose failure the cache already showed (its meta.error). */
export const shownByMeta = (): void => undefined;

export const mutationCache = new MutationCache({
  onError: (error, _input, _context, mutation) => {
    const fallback = mutation.meta?.error;
    if (fallback) toast.error(errorMessage(error, msg[fallback]));
  },
  onSuccess: (_answer, _input, _context, mutation) => {
    const success = mutation.meta?.success;
    if (success) toast.success(msg[success]);
  },
});

// Spec: data queries retry 3 times, backing off from 1 s doubling to a 30 s cap; cache kept 5 minutes.
export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => {
        const status = (error as { status?: number }).status;
        if (status && status >= 400 && status < 500) return false;
        return failureCount < DATA_QUERY.retries;
      },
      retryDelay: (attempt) =>
        Math.min(DATA_QUERY.retryBaseDelayMs * 2 ** attempt, DATA_QUERY.retryMaxDelayMs),
      gcTime: DATA_QUERY.gcTimeMs,
      refetchOnWindowFocus: false,
    },
  },
});
