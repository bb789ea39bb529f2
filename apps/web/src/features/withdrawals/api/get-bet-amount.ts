import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

/** POST /api/getBetAmount: the turnover (打码量) still required before a withdrawal. */
export async function getBetAmount(signal?: AbortSignal): Promise<number> {
  const { bet_amount } = await apiData('/api/getBetAmount', schemas.betAmount, { signal });
  return bet_amount;
}

export const betAmountKey = ['bet-amount'] as const;

export const betAmountQueryOptions = () =>
  queryOptions({ queryKey: betAmountKey, queryFn: ({ signal }) => getBetAmount(signal), staleTime: 0 });

export const useBetAmount = () => useQuery(betAmountQueryOptions());
