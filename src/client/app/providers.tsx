import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from '@client/lib/query-client';

/** `client`: the app's one query cache, unless the server renders a screen with its own (0031). */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster closeButton position="top-center" theme="system" />
    </QueryClientProvider>
  );
}
