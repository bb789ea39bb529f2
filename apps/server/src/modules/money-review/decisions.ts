import { type Decision, MONEY_MSG, type ReviewQueue } from '@app/contract/admin/money';
import { centsToAmount } from '@app/contract/money';
import { ReviewState } from '@app/contract/status';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import { lockPlayer } from '../../db/locks';
import { HouseAccount } from '../../ledger/ledger';
import { AppError, conflict } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { closePendingDeposit, creditDeposit, depositWithChannelKind } from '../deposits/service';
import { tellOperators, tellPlayer } from '../events/service';
import { findWithdrawal, withdrawalState } from '../withdrawals/service';
import { claimOrder, lockClaimedReview, operatorName } from './claims';
import { fourEyesCheck } from './four-eyes';
import { type ReviewKind, recordDecision, recordFirstApproval, releaseClaim } from './repository';

export const KIND_OF_QUEUE: Record<ReviewQueue, ReviewKind> = {
  deposits: 'deposit',
  withdrawals: 'withdrawal',
};
const PERMISSION = { deposit: 'deposits.review', withdrawal: 'withdrawals.review' } as const;

/** An operator acting on the money queues: always a known operator (never the bootstrap token). */
export type ReviewActor = Actor & { operatorId: number };

export function reviewerOf(actor: Actor): ReviewActor {
  if (actor.operatorId === null) throw new AppError(403, '启动令牌不能审核订单');
  return { ...actor, operatorId: actor.operatorId };
}

/** An order as a decision needs it: its amount, its player, and its review state. */
interface ReviewedOrder {
  amount: bigint;
  playerId: number;
  /** Spec review state: 1 waiting for review, 2 approved, 3 rejected. */
  state: number;
  /** Set when no operator may decide the order at all (an online payment). */
  notReviewable?: string;
  /** Decides the money side inside the decision's transaction; false when the order was no longer pending. */
  apply(tx: Tx, decision: Decision, note: string): Promise<boolean>;
}

async function depositOrder(ctx: AppContext, q: Queryable, orderNo: string): Promise<ReviewedOrder> {
  const row = await depositWithChannelKind(q, orderNo);
  if (!row) throw new AppError(404, MONEY_MSG.orderNotFound);
  return {
    amount: row.d.amount,
    playerId: row.d.userId,
    state: row.d.state,
    notReviewable: row.kind === 'online' ? MONEY_MSG.onlineNotReviewable : undefined,
    async apply(tx, decision, note) {
      if (decision === 'approve') return (await creditDeposit(ctx, orderNo, undefined, tx)).credited;
      return (await closePendingDeposit(tx, orderNo, note, ctx.clock.now())) !== undefined;
    },
  };
}

async function withdrawalOrder(ctx: AppContext, q: Queryable, orderNo: string): Promise<ReviewedOrder> {
  const w = await findWithdrawal(q, orderNo);
  if (!w) throw new AppError(404, MONEY_MSG.orderNotFound);
  const reservation = await ctx.ledger.find(w.pendingKey, q);
  if (!reservation) throw new AppError(404, MONEY_MSG.orderNotFound);
  return {
    amount: w.amount,
    playerId: w.userId,
    state: withdrawalState(reservation.state),
    async apply(tx, decision, note) {
      // Approved: paid out less the fee, which the platform keeps; rejected: back to the wallet.
      const parts = [
        { to: HouseAccount.withdrawalsPaid, amount: w.amount - w.fee, kind: 'withdrawal_payout' },
        { to: HouseAccount.withdrawalFees, amount: w.fee, kind: 'withdrawal_fee' },
      ].filter((p) => p.amount > 0n);
      const done =
        decision === 'approve'
          ? await ctx.ledger.settle({ key: w.pendingKey, to: parts, note }, tx)
          : await ctx.ledger.void({ key: w.pendingKey, note }, tx);
      return done.status === 'applied';
    },
  };
}

export const orderOf = (ctx: AppContext, q: Queryable, kind: ReviewKind, orderNo: string) =>
  kind === 'deposit' ? depositOrder(ctx, q, orderNo) : withdrawalOrder(ctx, q, orderNo);

/** Claims an order for the caller for a few minutes (refused while another operator holds it). */
export async function claim(ctx: AppContext, actor: ReviewActor, kind: ReviewKind, orderNo: string) {
  const now = ctx.clock.now();
  const order = await orderOf(ctx, ctx.db, kind, orderNo);
  if (order.notReviewable) throw conflict(order.notReviewable);
  if (order.state !== ReviewState.pending) throw conflict(MONEY_MSG.notReviewable);
  const answer = await ctx.db.transaction(async (tx) => {
    const { until } = await claimOrder(tx, kind, orderNo, actor.operatorId, now);
    await recordAudit(tx, now, actor, {
      action: 'review.claim',
      targetType: kind,
      targetId: orderNo,
      after: { claimed_until: until.toISOString() },
    });
    return { claimed_until: until };
  });
  await tellOperators(ctx, { type: 'changed', area: kind, order_no: orderNo });
  return answer;
}

export async function release(ctx: AppContext, actor: ReviewActor, kind: ReviewKind, orderNo: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await releaseClaim(tx, kind, orderNo, actor.operatorId))) throw conflict(MONEY_MSG.claimFirst);
    await recordAudit(tx, ctx.clock.now(), actor, {
      action: 'review.release',
      targetType: kind,
      targetId: orderNo,
    });
  });
  await tellOperators(ctx, { type: 'changed', area: kind, order_no: orderNo });
}

/** What a decision did: decided the order, or recorded the first of two approvals. */
export interface DecisionAnswer {
  outcome: 'decided' | 'first-approval';
  amount: bigint;
  playerId: number;
}

/**
 * After a decision committed: the player's app hears of its balance (a deposit credited, a
 * withdrawal paid or refunded), and every console of the order's new state.
 */
async function announce(
  ctx: AppContext,
  kind: ReviewKind,
  orderNo: string,
  decision: Decision,
  answer: DecisionAnswer,
): Promise<DecisionAnswer> {
  if (answer.outcome === 'decided' && (kind === 'withdrawal' || decision === 'approve')) {
    const outcome = decision === 'approve' ? 'approved' : 'rejected';
    await tellPlayer(ctx, answer.playerId, { type: 'balance', reason: kind, outcome });
  }
  await tellOperators(ctx, { type: 'changed', area: kind, order_no: orderNo });
  return answer;
}

/** Decides an order the caller has claimed (the console: claim, look, then decide). */
export function decide(
  ctx: AppContext,
  actor: ReviewActor,
  kind: ReviewKind,
  orderNo: string,
  decision: Decision,
  note: string,
): Promise<DecisionAnswer> {
  return ctx.db
    .transaction((tx) => decideClaimed(ctx, tx, actor, kind, orderNo, decision, note))
    .then((answer) => announce(ctx, kind, orderNo, decision, answer));
}

/**
 * Claims an order and decides it in one transaction (the operator API and `npm run ops`): refused
 * as the console's claim is while another operator holds the order, and decided as the console
 * decides it.
 */
export function claimAndDecide(
  ctx: AppContext,
  actor: ReviewActor,
  kind: ReviewKind,
  orderNo: string,
  decision: Decision,
  note: string,
): Promise<DecisionAnswer> {
  return ctx.db
    .transaction(async (tx) => {
      await claimOrder(tx, kind, orderNo, actor.operatorId, ctx.clock.now());
      return decideClaimed(ctx, tx, actor, kind, orderNo, decision, note);
    })
    .then((answer) => announce(ctx, kind, orderNo, decision, answer));
}

/**
 * Decides a claimed order, once, inside the caller's transaction with its audit row: the review
 * row is locked (a second decision waits, then finds the first's), the money moves (credited,
 * settled or voided inside the same transaction) and the decision and its audit row are written.
 * A withdrawal is approved by two different operators when it, with what the approving operator
 * moved for that player alone in the last 24 hours, passes the four-eyes threshold: the first
 * approval is recorded and the claim released for someone else, whose approval pays it out.
 */
async function decideClaimed(
  ctx: AppContext,
  tx: Tx,
  actor: ReviewActor,
  kind: ReviewKind,
  orderNo: string,
  decision: Decision,
  note: string,
): Promise<DecisionAnswer> {
  const now = ctx.clock.now();
  const review = await lockClaimedReview(tx, kind, orderNo, actor.operatorId, now);
  const order = await orderOf(ctx, tx, kind, orderNo);
  if (order.notReviewable) throw conflict(order.notReviewable);
  if (order.state !== ReviewState.pending) throw conflict(MONEY_MSG.notReviewable);
  const amount = centsToAmount(order.amount);
  const before = { state: ReviewState.pending };

  if (decision === 'approve' && kind === 'withdrawal' && !review.firstApprovedBy) {
    await lockPlayer(tx, order.playerId);
    const check = await fourEyesCheck(tx, actor.operatorId, order.playerId, order.amount, now);
    if (check.needsSecond) {
      await recordFirstApproval(tx, review.id, actor.operatorId, note, now);
      await recordAudit(tx, now, actor, {
        action: 'review.first-approval',
        targetType: kind,
        targetId: orderNo,
        before,
        after: {
          amount,
          threshold: centsToAmount(check.threshold),
          moved_alone_24h: centsToAmount(check.alone),
        },
        reason: note,
      });
      return { outcome: 'first-approval', amount: order.amount, playerId: order.playerId };
    }
  }

  if (!(await order.apply(tx, decision, note))) throw conflict(MONEY_MSG.notReviewable);
  await recordDecision(tx, review.id, decision, actor.operatorId, note, now);
  await recordAudit(tx, now, actor, {
    action: PERMISSION[kind],
    targetType: kind,
    targetId: orderNo,
    before,
    after: {
      decision,
      state: decision === 'approve' ? ReviewState.approved : ReviewState.rejected,
      amount,
      ...(review.firstApprovedBy
        ? { first_approved_by: await operatorName(tx, review.firstApprovedBy) }
        : {}),
    },
    reason: note,
  });
  return { outcome: 'decided', amount: order.amount, playerId: order.playerId };
}
