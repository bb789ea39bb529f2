import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
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
export const venueBalancesQueryOptions = (intervalMs: number) =>
  queryOptions({
    queryKey: venueBalancesKey,
    queryFn: ({ signal }) => getVenueBalances(signal),
    staleTime: 0,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
  });

export function useVenueBalances(intervalMs: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...venueBalancesQueryOptions(intervalMs), enabled: loggedIn });
}

/** The game wallet: the sum of the venue balances, in cents to stay exact. */
export const gameWalletTotal = (venues: readonly VenueBalance[]) =>
  venues.reduce((cents, v) => cents + Math.round(v.balance * 100), 0) / 100;
