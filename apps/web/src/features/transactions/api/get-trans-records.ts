import type { Page } from '@app/contract/paging';
import type { TransRecord } from '@app/contract/payments';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';

export type { TransRecord };

/** Transaction types of /transRecord (spec 9): 1 deposit, 2 withdrawal, 3 transfer in, 4 transfer out; 5 an agent's commission. */
export type TransType = 1 | 2 | 3 | 4 | 5;

/** Root of the transaction-record queries; the list asks again each time it shows (staleTime 0). */
export const transRecordsKey = ['trans-records'] as const;
export const transRecordsKeyOf = (type: TransType) => [...transRecordsKey, type] as const;

/** POST /api/gettransrecord: one page of the player's transactions of a type and date filter. */
export const getTransRecords = (
  type: TransType,
  { date, page, signal }: RecordsPageQuery,
): Promise<Page<TransRecord>> =>
  apiData('/api/gettransrecord', schemas.transRecordPage, { body: { date, type, page }, signal });
