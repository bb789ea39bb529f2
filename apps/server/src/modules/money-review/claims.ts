import { CLAIM_MINUTES, MONEY_MSG } from '@app/contract/admin/money';
import type { Queryable, Tx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { operatorNamesByIds } from '../operators/service';
import * as repo from './repository';

const CLAIM_MS = CLAIM_MINUTES * 60_000;

/** An operator's username, for messages ("claimed by ..."). */
export async function operatorName(q: Queryable, id: number | null): Promise<string> {
  if (id === null) return '';
  return (await operatorNamesByIds(q, [id])).get(id) ?? `#${id}`;
}

/**
 * Takes an order's claim for `CLAIM_MINUTES`, in one statement: granted when nobody holds a live
 * claim on the order (or the caller holds it: renewed), the order is not decided, and the caller
 * is not its first approver (a four-eyes order waits for someone else). However many operators
 * claim at once, one holds it.
 */
export async function claimOrder(
  q: Queryable,
  kind: repo.ReviewKind,
  orderNo: string,
  operatorId: number,
  now: Date,
): Promise<{ until: Date }> {
  const until = new Date(now.getTime() + CLAIM_MS);
  if (await repo.upsertClaim(q, kind, orderNo, operatorId, now, until)) return { until };
  const current = await repo.findReview(q, kind, orderNo);
  throw await refusal(q, current, operatorId, now);
}

/** Why the caller may not claim or decide the order now, as the operator reads it. */
async function refusal(q: Queryable, review: repo.ReviewRecord | undefined, operatorId: number, now: Date) {
  if (review?.decidedAt) return conflict(MONEY_MSG.alreadyDecided);
  if (review?.firstApprovedBy === operatorId) return conflict(MONEY_MSG.secondApprover);
  const heldByOther =
    review?.claimedBy != null &&
    review.claimedBy !== operatorId &&
    review.claimedUntil !== null &&
    review.claimedUntil > now;
  if (heldByOther) return conflict(MONEY_MSG.claimedByOther(await operatorName(q, review.claimedBy)));
  return conflict(MONEY_MSG.claimFirst);
}

/**
 * The review row of an order the caller is deciding, locked for the decision's transaction: two
 * decisions of one order run one after the other, and the second finds the first's. Refused unless
 * the caller holds a live claim and the order is undecided.
 */
export async function lockClaimedReview(
  tx: Tx,
  kind: repo.ReviewKind,
  orderNo: string,
  operatorId: number,
  now: Date,
): Promise<repo.ReviewRecord> {
  const review = await repo.lockReview(tx, kind, orderNo);
  const live =
    review !== undefined &&
    review.decidedAt === null &&
    review.claimedBy === operatorId &&
    review.claimedUntil !== null &&
    review.claimedUntil > now;
  if (!live) throw await refusal(tx, review, operatorId, now);
  return review;
}
