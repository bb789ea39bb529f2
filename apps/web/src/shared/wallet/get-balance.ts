import { POLL } from '@app/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';
import { usePollUnlessLive } from '@/shared/live/stream-state';
import { useIsLoggedIn } from '@/shared/session/session-store';

/** POST /api/balance: the central wallet; code 401 means the session expired (the client handles it). */
export async function getBalance(signal?: AbortSignal): Promise<number> {
  const { balance } = await apiData('/api/balance', schemas.balance, { signal, toastError: false });
  return balance;
}

export const balanceQueryOptions = (refetchInterval: number | false = POLL.balanceMs) =>
  queryOptions({
    queryKey: queryKeys.balance,
    queryFn: ({ signal }) => getBalance(signal),
    staleTime: 0,
    refetchInterval,
    refetchIntervalInBackground: false,
  });

/**
 * The central wallet balance, polled every 4300 ms while logged in and the page is visible (spec 4),
 * unless the event stream is open: then it is refetched when the stream says it changed.
 */
export function useBalance() {
  const loggedIn = useIsLoggedIn();
  const interval = usePollUnlessLive(POLL.balanceMs);
  return useQuery({ ...balanceQueryOptions(interval), enabled: loggedIn });
}
