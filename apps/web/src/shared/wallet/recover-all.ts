import { SERVER_MSG } from '@app/contract/messages';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-client';
import { createIdempotentAction } from '@/shared/lib/idempotency';
import { toast } from '@/shared/ui/feedback';
import { refreshUserMoney } from './refresh-user-money';

/** Root of the venue-balance queries (spec 7 /api/balancelist) that a recovery changes. */
export const venueBalancesKey = ['venue-balances'] as const;

/** POST /api/transall: moves every venue balance back into the central wallet; answers a message. */
export async function recoverAll(idempotencyKey?: string): Promise<string> {
  const { message } = await apiRequest('/api/transall', { loading: true, idempotencyKey });
  return message;
}

/**
 * After money moved (recovery, transfer, withdrawal): reload the central balance, the venue
 * balances and the user's money (spec 4 "Recover all", spec 7 /api/transfer).
 */
export async function reloadWallet(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.balance }),
    queryClient.invalidateQueries({ queryKey: venueBalancesKey }),
    refreshUserMoney()
      .then((user) => queryClient.setQueryData(queryKeys.user, user))
      .catch(() => undefined),
  ]);
}

/** One recovery per tap; a tap after a lost answer replays it (Idempotency-Key). */
const recoverAllOnce = createIdempotentAction((_: undefined, key: string) => recoverAll(key));

/** 一键回收 (spec 4 "Recover all"): show the server message, then reload balances and user money. */
export function useRecoverAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recoverAllOnce(undefined),
    onSuccess: async (message) => {
      // A partial recovery also answers 200 (what could move, moved): only a full one reads as success.
      if (message === SERVER_MSG.recoverDone) toast.success(message);
      else toast.info(message);
      await reloadWallet(queryClient);
    },
  });
}
