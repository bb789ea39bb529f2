import { centsToAmount } from '@app/contract/money';
import { ReviewState } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { HouseAccount, PendingState, type PendingStateValue } from '../../ledger/ledger';
import { AppError, conflict, refused } from '../../lib/errors';
import * as repo from './repository';

const REVIEW_OF_PENDING: Record<PendingStateValue, number> = {
  [PendingState.pending]: ReviewState.pending,
  [PendingState.settled]: ReviewState.approved,
  [PendingState.voided]: ReviewState.rejected,
};

/** Spec review state (1 pending, 2 approved, 3 rejected) of a withdrawal's reservation state. */
export const withdrawalState = (state: PendingStateValue): number => REVIEW_OF_PENDING[state];

const pendingOfReview = (state: number): PendingStateValue | undefined =>
  (Object.keys(REVIEW_OF_PENDING).map(Number) as PendingStateValue[]).find(
    (p) => REVIEW_OF_PENDING[p] === state,
  );

/** Withdrawals in a spec state, oldest first, with where the money goes. */
export async function listWithdrawals(ctx: AppContext, state: number) {
  const pending = pendingOfReview(state);
  if (pending === undefined) return [];
  const rows = await repo.withdrawalsInState(ctx.db, pending, 200);
  return rows.map(({ w, username, card }) => ({
    order_no: w.orderNo,
    username,
    amount: centsToAmount(w.amount),
    fee: centsToAmount(w.fee),
    to: `${card.bank} ${card.bankOwner} ${card.bankNo}`,
    state,
    created_at: toBeijingString(w.createdAt),
  }));
}

/**
 * Ends a withdrawal's review, once: approving settles its reservation (paid out, less the fee,
 * which the platform keeps); rejecting voids it (back to the player's central wallet, with the
 * operator's note). The ledger closes a reservation only while it is pending, so two operators
 * deciding at once move the money once.
 */
async function review(ctx: AppContext, orderNo: string, decision: 'approve' | 'reject', note: string) {
  const w = await repo.findWithdrawal(ctx.db, orderNo);
  if (!w) throw new AppError(404, '取款订单不存在');
  const parts = [
    { to: HouseAccount.withdrawalsPaid, amount: w.amount - w.fee, kind: 'withdrawal_payout' },
    { to: HouseAccount.withdrawalFees, amount: w.fee, kind: 'withdrawal_fee' },
  ].filter((p) => p.amount > 0n);
  const done =
    decision === 'approve'
      ? await ctx.ledger.settle({ key: w.pendingKey, to: parts, note })
      : await ctx.ledger.void({ key: w.pendingKey, note });
  return { applied: done.status === 'applied', state: withdrawalState(done.state) };
}

const FOUR_EYES_IN_CONSOLE = '金额超过双人复核金额，请在后台取款审核中由两名操作员审核';

const STATE_WORD: Record<number, string> = {
  [ReviewState.approved]: '已通过',
  [ReviewState.rejected]: '已拒绝',
};

/**
 * A script's approval (`npm run ops`): only up to the four-eyes amount. Above it the console's review
 * takes two operators, and a script must not be the way around them.
 */
export async function approveWithdrawal(ctx: AppContext, orderNo: string, fourEyesThreshold: bigint) {
  const w = await repo.findWithdrawal(ctx.db, orderNo);
  if (w && w.amount > fourEyesThreshold) throw conflict(FOUR_EYES_IN_CONSOLE);
  const outcome = await review(ctx, orderNo, 'approve', '');
  if (outcome.applied) return `已出款：${orderNo}`;
  if (outcome.state === ReviewState.approved) return `订单 ${orderNo} 此前已出款，未重复出款`;
  throw refused(`订单 ${orderNo} ${STATE_WORD[outcome.state] ?? '状态异常'}，不能出款`);
}

export async function rejectWithdrawal(ctx: AppContext, orderNo: string, note: string) {
  const outcome = await review(ctx, orderNo, 'reject', note || '审核未通过');
  if (outcome.applied) return `已拒绝并退回中心钱包：${orderNo}`;
  if (outcome.state === ReviewState.rejected) return `订单 ${orderNo} 此前已拒绝，未重复退款`;
  throw refused(`订单 ${orderNo} 已出款，不能拒绝`);
}
