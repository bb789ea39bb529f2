import { amountToCents } from '@app/contract/money';
import type { Queryable } from '../../db/client';
import { appliedAloneSince } from '../player-money/service';
import { readSetting, reviewSetting } from '../settings/service';
import { withdrawnOfOrders } from '../withdrawals/service';
import { approvedAloneSince } from './repository';

const DAY_MS = 86_400_000;

/** The amount in cents above which what one operator moves for one player needs a second operator. */
export async function fourEyesThreshold(q: Queryable): Promise<bigint> {
  const { four_eyes_threshold } = await readSetting(q, reviewSetting);
  return amountToCents(four_eyes_threshold) ?? 0n;
}

/**
 * Whether an operator may move `cents` for a player on their own: only while it, with what the
 * same operator moved for that player alone in the last 24 hours, stays within the threshold (so
 * two adjustments of 5,000 are not 10,000 without a second operator). A decision calls it holding
 * the player's row lock, so one operator's requests for one player are counted one after another.
 */
export async function fourEyesCheck(
  q: Queryable,
  operatorId: number,
  playerId: number,
  cents: bigint,
  now: Date,
) {
  const threshold = await fourEyesThreshold(q);
  const since = new Date(now.getTime() - DAY_MS);
  const alone =
    (await appliedAloneSince(q, operatorId, playerId, since)) +
    (await withdrawnOfOrders(q, playerId, approvedAloneSince(q, operatorId, since)));
  return { threshold, alone, needsSecond: alone + cents > threshold };
}
