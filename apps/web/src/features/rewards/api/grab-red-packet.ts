import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { createIdempotentAction } from '@/shared/lib/idempotency';

/**
 * POST /api/douserredpacket: grabs a packet; answers its amount. Refusals (422: not started, ended,
 * 红包已关闭, not eligible) are not toasted: the page shows them in a popup (spec 8).
 */
export async function grabRedPacket(idempotencyKey?: string): Promise<number> {
  const { redpacketmoney } = await apiData('/api/douserredpacket', schemas.redPacketGrab, {
    loading: true,
    toastError: false,
    idempotencyKey,
  });
  return redpacketmoney;
}

/** One grab per tap; the same grab sent again after a lost answer is replayed, never doubled. */
export const grabRedPacketOnce = createIdempotentAction((_: undefined, key: string) => grabRedPacket(key));
