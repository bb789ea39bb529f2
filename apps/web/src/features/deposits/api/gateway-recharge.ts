import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { createIdempotentAction } from '@/shared/lib/idempotency';

/** The body of /pay/api/recharge (spec 7): an online deposit at the payment gateway. */
export interface GatewayRechargeInput {
  payAmount: number;
  /** The logged-in player's username. */
  username: string;
  /** The channel: wechat, pipay, dcep, qqpay, unionpay. */
  payType: string;
}

/** POST /pay/api/recharge: opens a gateway order; answers its number and the checkout address. */
export const gatewayRecharge = (
  input: GatewayRechargeInput,
  idempotencyKey?: string,
): Promise<{ orderNo: string; url: string }> =>
  apiData('/pay/api/recharge', schemas.gatewayRechargeResult, { body: input, loading: true, idempotencyKey });

const gatewayRechargeOnce = createIdempotentAction(gatewayRecharge);

export const useGatewayRecharge = () => useMutation({ mutationFn: gatewayRechargeOnce });
