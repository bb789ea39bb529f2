import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '@/shared/ui/feedback';
import { ApiError } from './client';

/** A 401 is handled once, by the sign-in page; anything else is shown as the server worded it. */
const showError = (error: Error) => {
  if (error instanceof ApiError && error.code === 401) return;
  notify.error(error.message);
};

/**
 * Server state. Viewing a player's data writes an audit row, so nothing refetches on its own
 * (window focus, reconnect): what the operator sees is what they asked for.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: showError }),
  mutationCache: new MutationCache({ onError: showError }),
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false },
  },
});
