import { ApiCode } from '@app/contract/envelope';
import { MSG } from '@app/contract/messages';
import { REWARD_MSG, REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { queryKeys } from '@/shared/api/query-client';
import {
  RED_PACKET_INFO_FRESH_MS,
  type RedPacketInfo,
  redPacketInfoKey,
  redPacketInfoQueryOptions,
} from '../api/get-red-packet-info';
import { redPacketRecordsKey } from '../api/get-red-packet-records';
import { grabRedPacketOnce } from '../api/grab-red-packet';

/** What a tap on the grab button ended in: one popup each (spec 2, 4, 8). */
export type GrabResult =
  | { kind: 'won'; amount: number }
  | { kind: 'notStarted'; message: string }
  | { kind: 'ended'; message: string }
  /** Nothing grabbed today and no packet reached. */
  | { kind: 'notEligible'; message: string }
  /** Every packet reached is grabbed; `more`: higher rules are still to reach. */
  | { kind: 'grabbedAll'; message: string; more: boolean }
  | { kind: 'failed'; message: string };

/** The popup a refusal of the server reads as, by its message. */
function refusalOf(message: string): GrabResult {
  if (message === REWARD_SERVER_MSG.notStarted) return { kind: 'notStarted', message };
  if (message === REWARD_SERVER_MSG.ended) return { kind: 'ended', message };
  if (message === REWARD_MSG.notEligible) return { kind: 'notEligible', message };
  if (message === REWARD_SERVER_MSG.allGrabbed) return { kind: 'grabbedAll', message, more: false };
  if (message === REWARD_SERVER_MSG.reachedGrabbed) return { kind: 'grabbedAll', message, more: true };
  return { kind: 'failed', message };
}

/**
 * What the info alone decides, before any call, and why: the day's window has ended (whatever was
 * grabbed); no grabs left (spec 4, checked before any call): 您暂未达到领取条件，快去完成吧！ for a
 * player who has grabbed nothing, otherwise that every packet reached, or every packet of the day, is
 * grabbed; a window not yet open. Null: ask the server.
 */
export function localVerdict(info: RedPacketInfo): GrabResult | null {
  if (info.window === 'ended') return { kind: 'ended', message: REWARD_SERVER_MSG.ended };
  if (info.sendnums <= 0) {
    if (info.acquirednum <= 0) return { kind: 'notEligible', message: REWARD_MSG.notEligible };
    return refusalOf(
      info.acquirednum >= info.max_times ? REWARD_SERVER_MSG.allGrabbed : REWARD_SERVER_MSG.reachedGrabbed,
    );
  }
  if (info.window === 'not_started') return { kind: 'notStarted', message: REWARD_SERVER_MSG.notStarted };
  return null;
}

/**
 * The grab of /hongbao: decides on the red-packet info (asked again when older than 30 s, so a page
 * left open across 10:00 does not block a grab), then grabs with an Idempotency-Key. A win reloads
 * the info, the balance and the records; a refusal shows the server's message; a network failure
 * shows 服务器错误，请稍后重试 (spec 8).
 */
export function useGrab() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<GrabResult | null>(null);

  const grab = async () => {
    if (pending) return;
    setPending(true);
    try {
      setResult(await grabOnce());
    } finally {
      setPending(false);
    }
  };

  /** The outcome of one tap, or null when the client already said all there is (401, a toasted info failure). */
  const grabOnce = async (): Promise<GrabResult | null> => {
    let info: RedPacketInfo;
    try {
      info = await queryClient.fetchQuery({
        ...redPacketInfoQueryOptions(),
        staleTime: RED_PACKET_INFO_FRESH_MS,
      });
    } catch (error) {
      // A refusal of the info call was toasted by the client (spec 8, red-packet info).
      return error instanceof ApiError ? null : { kind: 'failed', message: MSG.serverError };
    }
    const verdict = localVerdict(info);
    if (verdict) return verdict;
    try {
      const amount = await grabRedPacketOnce(undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.balance });
      void queryClient.invalidateQueries({ queryKey: redPacketRecordsKey });
      return { kind: 'won', amount };
    } catch (error) {
      if (!(error instanceof ApiError)) return { kind: 'failed', message: MSG.serverError };
      // 401: the client's 认证失败 dialog and the way to login are all the player needs.
      if (error.code === ApiCode.unauthorized) return null;
      return refusalOf(error.message);
    } finally {
      // Grabs left and grabbed change with a win, and a refusal means the info was out of date.
      void queryClient.invalidateQueries({ queryKey: redPacketInfoKey });
    }
  };

  return { grab, pending, result, closeResult: () => setResult(null) };
}
