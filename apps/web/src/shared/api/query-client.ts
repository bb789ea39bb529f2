import { QueryClient } from '@tanstack/react-query';

/**
 * Server state lives here (DESIGN 7). Failed calls are not retried: the client already showed the
 * server's message, and a network failure shows nothing (spec 8); polling queries try again on their
 * own interval.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Query keys shared by several features; a feature keeps its own keys in its api files. */
export const queryKeys = {
  appInfo: ['app-info'] as const,
  user: ['user'] as const,
  balance: ['balance'] as const,
  captcha: ['captcha'] as const,
};

/** Queries that do not belong to the player and survive a logout. */
const publicRoots = new Set<unknown>([queryKeys.appInfo[0], queryKeys.captcha[0]]);
export const isPublicQueryKey = (key: readonly unknown[]) => publicRoots.has(key[0]);
