import type {
  LimitKind,
  LimitPeriod,
  ProtectionState,
  RealityCheck,
  RestrictionKind,
  RestrictionTerm,
} from '@app/contract/protection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session-store';

export const PROTECTION_KEY = ['protection', 'state'] as const;

/** POST /api/protection/state: limits with what they have used, the reminder interval, a restriction. */
export async function getProtectionState(signal?: AbortSignal): Promise<ProtectionState> {
  const { data } = await apiRequest<ProtectionState>('/api/protection/state', { signal });
  if (!data) throw new Error('protection state without data');
  return data;
}

export const useProtectionState = () =>
  useQuery({
    queryKey: PROTECTION_KEY,
    queryFn: ({ signal }) => getProtectionState(signal),
    enabled: useIsLoggedIn(),
  });

/** A change that answers a message and changes the state: the state is read again after it. */
function useProtectionChange<I>(call: (input: I) => Promise<string>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: PROTECTION_KEY }),
  });
}

const send = async (path: string, body: unknown, endsOwnSession = false) =>
  (await apiRequest(path, { body, loading: true, endsOwnSession })).message;

export const useSetLimit = () =>
  useProtectionChange((input: { kind: LimitKind; period: LimitPeriod; amount: number | null }) =>
    send('/api/protection/limit', input),
  );

export const useConfirmLimit = () =>
  useProtectionChange((input: { kind: LimitKind; period: LimitPeriod }) =>
    send('/api/protection/limit/confirm', input),
  );

export const useSetRealityCheck = () =>
  useProtectionChange((minutes: number) => send('/api/protection/reality-check', { minutes }));

export const useRestrict = () =>
  useMutation({
    mutationFn: (input: { kind: RestrictionKind; term: RestrictionTerm; paypassword: string }) =>
      // Every session of the player ends, this one with it.
      send('/api/protection/restrict', input, true),
  });

export const useRequestReturn = () => useProtectionChange(() => send('/api/protection/return', {}));

/** POST /api/protection/session: what the reality check shows (time since login, net result). */
export async function getRealityCheck(): Promise<RealityCheck> {
  const { data } = await apiRequest<RealityCheck>('/api/protection/session', { toastError: false });
  if (!data) throw new Error('reality check without data');
  return data;
}
