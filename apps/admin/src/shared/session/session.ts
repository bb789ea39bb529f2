import { type SessionState, sessionStateSchema } from '@app/contract/admin/auth';
import type { Permission } from '@app/contract/admin/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, setCsrfToken } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

/** The console session as the server sees it; null when there is none. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<SessionState | null> => {
    try {
      const state = await api(sessionStateSchema, '/auth/me');
      setCsrfToken(state.csrf_token);
      return state;
    } catch (error) {
      if (error instanceof ApiError && error.code === 401) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSession = () => useQuery(sessionQuery);

/** Every sign-in step answers the new state: it becomes the session at once. */
export function adoptSession(state: SessionState | null): void {
  setCsrfToken(state?.csrf_token);
  queryClient.setQueryData(sessionQuery.queryKey, state);
}

/** Whether the signed-in operator's role may do `permission` (the server checks again). */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useSession();
  return (permission) => data?.stage === 'active' && data.permissions.includes(permission);
}
