import { useQueryClient } from '@tanstack/react-query';
import { useUserInfo } from '@/shared/session/get-user';
import { useBalance } from '@/shared/wallet/get-balance';
import { gameWalletTotal, useVenueBalances } from '@/shared/wallet/get-venue-balances';
import { venueBalancesKey } from '@/shared/wallet/recover-all';
import { useRefreshUserMoney } from '@/shared/wallet/refresh-user-money';

/**
 * The balances a wallet page shows: the central wallet (polled every 4300 ms, the stored user's
 * balance until it arrives), the venues (polled every `venuePollMs` while the page is visible) and
 * their sum, the game wallet; and the refresh icon's action.
 */
export function useWalletBalances(venuePollMs: number) {
  const user = useUserInfo();
  const balance = useBalance();
  const venues = useVenueBalances(venuePollMs);
  const queryClient = useQueryClient();
  const refreshMoney = useRefreshUserMoney();
  const venueList = venues.data ?? [];
  return {
    central: balance.data ?? user?.balance ?? 0,
    game: venues.data ? gameWalletTotal(venueList) : (user?.gameblance ?? 0),
    venues: venueList,
    venuesLoading: venues.isPending,
    refreshing: refreshMoney.isPending,
    refresh: () => {
      refreshMoney.mutate();
      void queryClient.invalidateQueries({ queryKey: venueBalancesKey });
    },
  };
}

export type WalletBalances = ReturnType<typeof useWalletBalances>;
