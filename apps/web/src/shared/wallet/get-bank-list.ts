import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

/** POST /api/banklist: the banks a card can be bound at (no login needed). */
export async function getBankList(signal?: AbortSignal): Promise<string[]> {
  const banks = await apiData('/api/banklist', schemas.banks, { signal });
  return banks.map((bank) => bank.bank_name);
}

export const bankListQueryOptions = () =>
  queryOptions({
    queryKey: ['bank-list'] as const,
    queryFn: ({ signal }) => getBankList(signal),
    staleTime: 30 * 60_000,
  });

export const useBankList = () => useQuery(bankListQueryOptions());
