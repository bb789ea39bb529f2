import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { usePollUnlessLive } from '@/shared/live/stream-state';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { venueBalancesKey } from './recover-all';

/** A game wallet (spec 3, Venue balance). */
export interface VenueBalance {
  name: string;
  platname: string;
  balance: number;
}

/** POST /api/balancelist: every venue's wallet balance. */
export const getVenueBalances = (signal?: AbortSignal): Promise<VenueBalance[]> =>
  apiData('/api/balancelist', schemas.venueBalances, { signal });

/** Polled every `intervalMs` while the page is visible (spec 7: 3.5 s wallet pages, 1.5 s transfer). */
export const venueBalancesQueryOptions = (refetchInterval: number | false) =>
  queryOptions({
    queryKey: venueBalancesKey,
    queryFn: ({ signal }) => getVenueBalances(signal),
    staleTime: 0,
    refetchInterval,
    refetchIntervalInBackground: false,
  });

/** Polled at `intervalMs` while the event stream is down; while it is open, refetched when it says so. */
export function useVenueBalances(intervalMs: number) {
  const loggedIn = useIsLoggedIn();
  const interval = usePollUnlessLive(intervalMs);
  return useQuery({ ...venueBalancesQueryOptions(interval), enabled: loggedIn });
}

/** The game wallet: the sum of the venue balances, in cents to stay exact. */
export const gameWalletTotal = (venues: readonly VenueBalance[]) =>
  venues.reduce((cents, v) => cents + Math.round(v.balance * 100), 0) / 100;
