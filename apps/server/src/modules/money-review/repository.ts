import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { moneyReviews } from '../../db/schema/money-review';

export type ReviewKind = 'deposit' | 'withdrawal';
export type ReviewRecord = typeof moneyReviews.$inferSelect;

// Claims and decisions

/**
 * Takes an order's claim until `until`, in one statement: granted when nobody holds a live claim on
 * the order (or the caller holds it: renewed), the order is not decided, and the caller is not its
 * first approver. Answers whether the caller holds it now.
 */
export async function upsertClaim(
  q: Queryable,
  kind: ReviewKind,
  orderNo: string,
  operatorId: number,
  now: Date,
  until: Date,
): Promise<boolean> {
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
  return taken !== undefined;
}

/** Gives a claim back before it runs out (only its holder can). */
export async function releaseClaim(q: Queryable, kind: ReviewKind, orderNo: string, operatorId: number) {
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

/** The review row of an order, locked for the decision's transaction. */
export async function lockReview(tx: Tx, kind: ReviewKind, orderNo: string) {
  const [review] = await tx
    .select()
    .from(moneyReviews)
    .where(and(eq(moneyReviews.kind, kind), eq(moneyReviews.orderNo, orderNo)))
    .for('update');
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

/**
 * The orders of withdrawals an operator approved on their own since `since` (no first approver),
 * as a subquery of order numbers.
 */
export const approvedAloneSince = (q: Queryable, operatorId: number, since: Date) =>
  q
    .select({ orderNo: moneyReviews.orderNo })
    .from(moneyReviews)
    .where(
      and(
        eq(moneyReviews.kind, 'withdrawal'),
        eq(moneyReviews.decision, 'approve'),
        eq(moneyReviews.decidedBy, operatorId),
        isNull(moneyReviews.firstApprovedBy),
        gte(moneyReviews.decidedAt, since),
      ),
    );
