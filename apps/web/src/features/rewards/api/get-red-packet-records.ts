import type { Page } from '@app/contract/paging';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';

/** A grab: the deposits it was counted on (money), the packet, when it was grabbed and credited. */
export interface RedPacketRecord {
  money: number;
  redpacketmoney: number;
  created_at: string;
  usetime: string;
}

/** Root of the red-packet record queries; a grab changes them (the list asks again on each showing). */
export const redPacketRecordsKey = ['red-packet-records'] as const;

/** POST /api/redpacket: one page of the player's grabs, newest first (no date filter on the server). */
export const getRedPacketRecords = ({ page, signal }: RecordsPageQuery): Promise<Page<RedPacketRecord>> =>
  apiData('/api/redpacket', schemas.redPacketRecordPage, { body: { page }, signal });
