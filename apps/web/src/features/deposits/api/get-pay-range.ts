import { DEPOSIT_DEFAULT_RANGE } from '@app/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export interface PayRange {
  min: number;
  max: number;
}

/** POST /api/getPayRange: the amounts a USDT or bank deposit accepts (min_price, max_price). */
export async function getPayRange(type: string, signal?: AbortSignal): Promise<PayRange> {
  const { min_price, max_price } = await apiData('/api/getPayRange', schemas.payRange, {
    body: { type },
    signal,
  });
  return { min: min_price, max: max_price };
}

export const payRangeQueryOptions = (type: string) =>
  queryOptions({
    queryKey: ['pay-range', type] as const,
    queryFn: ({ signal }) => getPayRange(type, signal),
    staleTime: 60_000,
  });

/** The channel's range; 100-10000 until the server answers (spec 9). Off for channels with their own rule. */
export function usePayRange(type: string, enabled: boolean): PayRange {
  const { data } = useQuery({ ...payRangeQueryOptions(type), enabled });
  return data ?? DEPOSIT_DEFAULT_RANGE;
}
