import type { ReceivingAccount } from '@app/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { ReceivingAccount };

/** POST /api/getpaybank: the platform's receiving accounts a bank deposit is paid into. */
export const getPayBank = (signal?: AbortSignal): Promise<ReceivingAccount[]> =>
  apiData('/api/getpaybank', schemas.receivingAccounts, { signal });

export const payBankQueryOptions = () =>
  queryOptions({
    queryKey: ['pay-bank'] as const,
    queryFn: ({ signal }) => getPayBank(signal),
    staleTime: 60_000,
  });

export const usePayBank = (enabled: boolean) => useQuery({ ...payBankQueryOptions(), enabled });
