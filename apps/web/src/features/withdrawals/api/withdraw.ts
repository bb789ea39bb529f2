import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { createIdempotentAction } from '@/shared/lib/idempotency';
import { reloadWallet } from '@/shared/wallet/recover-all';
import { betAmountKey } from './get-bet-amount';

/** The body of /api/withdraw (spec 7): the amount, the chosen card's id, the pay password. */
export interface WithdrawInput {
  amount: number;
  bank: number;
  password: string;
  totp_code?: string;
}

/** POST /api/withdraw: asks for a withdrawal, held for review; answers 提交成功，等待后台审核. */
export async function withdraw(input: WithdrawInput, idempotencyKey?: string): Promise<string> {
  const { message } = await apiRequest('/api/withdraw', { body: input, loading: true, idempotencyKey });
  return message;
}

/** One request per tap; the same request sent again after a lost answer is replayed, never paid twice. */
const withdrawOnce = createIdempotentAction(withdraw);

/** Withdraws, then reloads the balances and the turnover still required. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOnce,
    onSuccess: () =>
      Promise.all([reloadWallet(queryClient), queryClient.invalidateQueries({ queryKey: betAmountKey })]),
  });
}
