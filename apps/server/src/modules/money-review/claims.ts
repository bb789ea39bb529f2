import { CLAIM_MINUTES, MONEY_MSG } from '@app/contract/admin/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { moneyReviews } from '../../db/schema/money-review';
import { operators } from '../../db/schema/operators';
import { conflict } from '../../lib/errors';

export type ReviewKind = 'deposit' | 'withdrawal';
export type ReviewRecord = typeof moneyReviews.$inferSelect;

const CLAIM_MS = CLAIM_MINUTES * 60_000;

/** An operator's username, for messages ("claimed by ..."). */
export async function operatorName(q: Queryable, id: number | null): Promise<string> {
  if (id === null) return '';
  const [row] = await q.select({ name: operators.username }).from(operators).where(eq(operators.id, id));
  return row?.name ?? `#${id}`;
}

/**
 * Takes an order's claim for `CLAIM_MINUTES`, in one statement: granted when nobody holds a live
 * claim on the order (or the caller holds it: renewed), the order is not decided, and the caller
 * is not its first approver (a four-eyes order waits for someone else). However many operators
 * claim at once, one holds it.
 */
export async function claimOrder(
  q: Queryable,
  kind: ReviewKind,
  orderNo: string,
  operatorId: number,
  now: Date,
): Promise<{ until: Date }> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const [taken] = await q
    .insert(moneyReviews)
    .values({ kind, orderNo, claimedBy: operatorId, claimedUntil: until })
    .onConflictDoUpdate({
      target: [moneyReviews.kind, moneyReviews.orderNo],
      set: { claimedBy: operatorId, claimedUntil: until },
      setWhere: sql`${moneyReviews.decidedAt} IS NULL
        AND ${moneyReviews.firstApprovedBy} IS DISTINCT FROM ${operatorId}
        AND (${moneyReviews.claimedBy} IS NULL OR ${moneyReviews.claimedBy} = ${operatorId}
          OR ${moneyReviews.claimedUntil} <= ${now})`,
    })
    .returning({ id: moneyReviews.id });
  if (taken) return { until };
  const current = await findReview(q, kind, orderNo);
  throw await refusal(q, current, operatorId, now);
}

/** Gives a claim back before it runs out (only its holder can). */
export async function releaseOrder(q: Queryable, kind: ReviewKind, orderNo: string, operatorId: number) {
  const released = await q
    .update(moneyReviews)
    .set({ claimedBy: null, claimedUntil: null })
    .where(
      and(
        eq(moneyReviews.kind, kind),
        eq(moneyReviews.orderNo, orderNo),
        eq(moneyReviews.claimedBy, operatorId),
      ),
    )
    .returning({ id: moneyReviews.id });
  return released.length > 0;
}

export async function findReview(q: Queryable, kind: ReviewKind, orderNo: string) {
  const [row] = await q
    .select()
    .from(moneyReviews)
    .where(and(eq(moneyReviews.kind, kind), eq(moneyReviews.orderNo, orderNo)));
  return row;
}

/** Why the caller may not claim or decide the order now, as the operator reads it. */
async function refusal(q: Queryable, review: ReviewRecord | undefined, operatorId: number, now: Date) {
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
  kind: ReviewKind,
  orderNo: string,
  operatorId: number,
  now: Date,
): Promise<ReviewRecord> {
  const [review] = await tx
    .select()
    .from(moneyReviews)
    .where(and(eq(moneyReviews.kind, kind), eq(moneyReviews.orderNo, orderNo)))
    .for('update');
  const live =
    review !== undefined &&
    review.decidedAt === null &&
    review.claimedBy === operatorId &&
    review.claimedUntil !== null &&
    review.claimedUntil > now;
  if (!live) throw await refusal(tx, review, operatorId, now);
  return review;
}

export async function recordFirstApproval(tx: Tx, id: number, operatorId: number, note: string, now: Date) {
  await tx
    .update(moneyReviews)
    .set({
      firstApprovedBy: operatorId,
      firstApprovedAt: now,
      firstNote: note,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(eq(moneyReviews.id, id));
}

export async function recordDecision(
  tx: Tx,
  id: number,
  decision: 'approve' | 'reject',
  operatorId: number,
  note: string,
  now: Date,
) {
  await tx
    .update(moneyReviews)
    .set({ decision, decidedBy: operatorId, decidedAt: now, note, claimedBy: null, claimedUntil: null })
    .where(eq(moneyReviews.id, id));
}
