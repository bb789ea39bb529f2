import type { PayChannel } from '@app/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { PayChannel };

/** GET /api/get_pay_way: the enabled deposit channels in display order (the first is the default). */
export async function getPayWay(signal?: AbortSignal): Promise<PayChannel[]> {
  const { list } = await apiData('/api/get_pay_way', schemas.payWay, { method: 'GET', signal });
  return list;
}

export const payWayQueryOptions = () =>
  queryOptions({
    queryKey: ['pay-way'] as const,
    queryFn: ({ signal }) => getPayWay(signal),
    staleTime: 60_000,
  });

export const usePayWay = () => useQuery(payWayQueryOptions());
