import { QueryClient } from '@tanstack/react-query';
import { DATA_QUERY } from '@shared/constants';

// Spec: data queries retry 3 times, backing off from 1 s doubling to a 30 s cap; cache kept 5 minutes.
export const queryClient = new QueryClient({
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
