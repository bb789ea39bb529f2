import type { RedPacketInfo, RedPacketRule } from '@app/contract/rewards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { RedPacketInfo, RedPacketRule };

export const redPacketInfoKey = ['red-packet-info'] as const;

/**
 * GET /api/userredpacket: grabs left, grabbed, the most a day allows, the rules, the player's
 * counted deposits and flow, and where Beijing time stands against the grab window. A non-200
 * answer is toasted by the client (spec 8, red-packet info).
 */
export const getRedPacketInfo = (signal?: AbortSignal): Promise<RedPacketInfo> =>
  apiData('/api/userredpacket', schemas.redPacketInfo, { method: 'GET', query: { page: 1 }, signal });

/** Asked again on each showing; a grab decides on an answer at most this old (see useGrab). */
export const RED_PACKET_INFO_FRESH_MS = 30_000;

export const redPacketInfoQueryOptions = () =>
  queryOptions({
    queryKey: redPacketInfoKey,
    queryFn: ({ signal }) => getRedPacketInfo(signal),
    staleTime: 0,
  });

export const useRedPacketInfo = () => useQuery(redPacketInfoQueryOptions());
