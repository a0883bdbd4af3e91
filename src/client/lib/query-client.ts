import { QueryClient } from '@tanstack/react-query';

// Spec: data queries retry 3 times, backing off from 1 s doubling to a 30 s cap; cache kept 5 minutes.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => {
        const status = (error as { status?: number }).status;
        if (status && status >= 400 && status < 500) return false;
        return failureCount < 3;
      },
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
    },
  },
});
