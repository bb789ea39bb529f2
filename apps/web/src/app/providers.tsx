import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/shared/api/query-client';
import { LiveEvents } from '@/shared/live/live-events';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveEvents />
      {children}
    </QueryClientProvider>
  );
}
