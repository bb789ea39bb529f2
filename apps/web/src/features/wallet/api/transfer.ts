import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { createIdempotentAction } from '@/shared/lib/idempotency';
import { reloadWallet } from '@/shared/wallet/recover-all';

/** The body of /api/transfer (spec 7): platform names, userbalance being the central wallet. */
export interface TransferInput {
  amount: number;
  sourcetype: string;
  targettype: string;
}

/** POST /api/transfer: moves money between the central wallet and a venue; answers a message. */
export async function transfer(input: TransferInput, idempotencyKey?: string): Promise<string> {
  const { message } = await apiRequest('/api/transfer', { body: input, loading: true, idempotencyKey });
  return message;
}

/** One transfer per tap; the same transfer sent again after a lost answer is replayed, never doubled. */
const transferOnce = createIdempotentAction(transfer);

/** Transfers, then refreshes money and balances (spec 7: on 200). */
export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferOnce, onSuccess: () => reloadWallet(queryClient) });
}
