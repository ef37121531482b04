import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { followHourChanges } from '../lib/hour-changes';
import { Toaster } from '../components/ui/toast';

/** Spec §9: cached data never goes stale by itself, no refetch on focus, no polling, no retry. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** The full app's providers; the theme sits above both stages of the boot (main.tsx). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => followHourChanges(client), [client]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
