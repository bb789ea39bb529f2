import type { BetRecord } from '@app/contract/games';
import type { Page } from '@app/contract/paging';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';

export type { BetRecord };

/** Root of the bet-record queries. */
export const betRecordsKey = ['bet-records'] as const;

/** POST /api/betrecord: one page of the player's bets on every platform (api_type empty) since the date filter. */
export const getBetRecords = ({ date, page, signal }: RecordsPageQuery): Promise<Page<BetRecord>> =>
  apiData('/api/betrecord', schemas.betRecordPage, { body: { date, page, api_type: '' }, signal });
