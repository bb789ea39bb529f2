import type { LoginEvent, SessionRow } from '@app/contract/protection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

const SESSIONS_KEY = ['security', 'sessions'] as const;

async function list<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  return (await apiRequest<T[]>(path, { signal })).data ?? [];
}

/** POST /api/security/logins: the last 30 days' login attempts. */
export const useLoginHistory = () =>
  useQuery({
    queryKey: ['security', 'logins'],
    queryFn: ({ signal }) => list<LoginEvent>('/api/security/logins', signal),
  });

/** POST /api/security/sessions: the live sessions, this one first. */
export const useSessions = () =>
  useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => list<SessionRow>('/api/security/sessions', signal),
  });

/** Ends one session (POST /api/security/sessions/end) or all but this one (end-others). */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (which: number | 'others') =>
      (
        await apiRequest(
          which === 'others' ? '/api/security/sessions/end-others' : '/api/security/sessions/end',
          {
            body: which === 'others' ? {} : { id: which },
            loading: true,
          },
        )
      ).message,
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
