import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { createIdempotentAction } from '@/shared/lib/idempotency';
import { reloadWallet } from '@/shared/wallet/recover-all';
import { rebatesKey } from './get-rebates';

/** POST /api/dofanshui: claims every unclaimed rebate; answers 领取成功，共 … (422 暂无领取额度！, toasted). */
export async function claimRebates(idempotencyKey?: string): Promise<string> {
  const { message } = await apiRequest('/api/dofanshui', { loading: true, idempotencyKey });
  return message;
}

/** One claim per tap; a tap after a lost answer replays it (Idempotency-Key). */
const claimRebatesOnce = createIdempotentAction((_: undefined, key: string) => claimRebates(key));

/**
 * Claims, then reloads the player's balance; the list with its totals is reloaded either way (a
 * refusal means they changed since they were shown).
 */
export function useClaimRebates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimRebatesOnce(undefined),
    onSuccess: () => reloadWallet(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rebatesKey }),
  });
}
