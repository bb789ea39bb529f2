import { useMutation } from '@tanstack/react-query';
import { apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { createIdempotentAction } from '@/shared/lib/idempotency';

/** The body of /api/recharge (spec 7) for USDT (catepay: the protocol) and bank deposits. */
export interface RechargeInput {
  paytype: string;
  amount: number;
  /** Bank deposits: the depositor's bank. */
  bank: string;
  bank_address: string;
  /** Bank deposits: the receiving account paid into. */
  bank_no: string;
  /** Bank deposits: the depositor's name. */
  bank_owner: string;
  /** USDT deposits: TRC20 or ERC20. */
  catepay: string;
}

export interface RechargeResult {
  /** The server's message: the deposit number (USDT) or 提交成功，等待后台审核 (bank). */
  message: string;
  deposit_no: string;
  url: string;
  /** Opens the order's page without a login: it goes into the /payInfo link. */
  order_token: string;
}

/** POST /api/recharge: creates a USDT or bank deposit order, held until it is paid or reviewed. */
export async function recharge(input: RechargeInput, idempotencyKey?: string): Promise<RechargeResult> {
  const { message, data } = await apiResult('/api/recharge', schemas.rechargeResult, {
    body: input,
    loading: true,
    idempotencyKey,
  });
  return { message, ...data };
}

/** One order per tap; the same request sent again after a lost answer is replayed, never doubled. */
const rechargeOnce = createIdempotentAction(recharge);

export const useRecharge = () => useMutation({ mutationFn: rechargeOnce });
