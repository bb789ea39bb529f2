import { payChannelTag } from '@app/contract/payment-rules';
import type { PayInfo } from '@app/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export interface PayInfoView extends PayInfo {
  /** The channel as the answer's message names it (usdtpay shows the address and the protocol). */
  channel: string;
}

/**
 * POST /api/payinfo: a deposit order; the message carries the pay channel (spec 2, 7). The order's
 * token from its link lets a visitor see it; without one, only its owner (logged in) does.
 */
export async function getPayInfo(
  depositNo: string,
  orderToken: string,
  signal?: AbortSignal,
): Promise<PayInfoView> {
  const { message, data } = await apiResult('/api/payinfo', schemas.payInfo, {
    body: orderToken ? { deposit_no: depositNo, order_token: orderToken } : { deposit_no: depositNo },
    signal,
  });
  return { ...data, channel: payChannelTag(message) };
}

export const payInfoQueryOptions = (depositNo: string, orderToken: string) =>
  queryOptions({
    queryKey: ['pay-info', depositNo, orderToken] as const,
    queryFn: ({ signal }) => getPayInfo(depositNo, orderToken, signal),
  });

export const usePayInfo = (depositNo: string, orderToken: string) =>
  useQuery({ ...payInfoQueryOptions(depositNo, orderToken), enabled: depositNo !== '' });
