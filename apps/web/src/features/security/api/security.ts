import type { LoginEvent, SessionRow, TwoFactorEnrolment } from '@app/contract/protection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { twoFactorKey } from '@/shared/security/two-factor';

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

/** POST /api/security/two-factor/enrol: a new secret and its QR code, waiting for the first code. */
export const useEnrolTwoFactor = () =>
  useMutation({
    mutationFn: async () =>
      (await apiRequest<TwoFactorEnrolment>('/api/security/two-factor/enrol', { loading: true })).data,
  });

/** POST /api/security/two-factor/confirm: the first code turns two-factor on; answers the recovery codes once. */
export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const answer = await apiRequest<{ recovery_codes: string[] }>('/api/security/two-factor/confirm', {
        body: { code },
        loading: true,
      });
      return { message: answer.message, codes: answer.data?.recovery_codes ?? [] };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

/** POST /api/security/two-factor/disable: turns two-factor off with a code. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await apiRequest('/api/security/two-factor/disable', { body: { code }, loading: true })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
