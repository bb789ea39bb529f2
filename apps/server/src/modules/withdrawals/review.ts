import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { cards, withdrawals } from '../../db/schema/wallet';
import { HouseAccount } from '../../ledger/accounts';
import { postTransfer } from '../../ledger/post-transfer';
import { AppError, refused } from '../../lib/errors';

/** Withdrawals in a state, oldest first, with where the money goes. */
export async function listWithdrawals(ctx: AppContext, state: number) {
  const rows = await ctx.db
    .select({ w: withdrawals, username: users.username, card: cards })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(cards, eq(cards.id, withdrawals.cardId))
    .where(eq(withdrawals.state, state))
    .orderBy(asc(withdrawals.createdAt))
    .limit(200);
  return rows.map(({ w, username, card }) => ({
    order_no: w.orderNo,
    username,
    amount: centsToAmount(w.amount),
    fee: centsToAmount(w.fee),
    to: `${card.bank} ${card.bankOwner} ${card.bankNo}`,
    state: w.state,
    created_at: toBeijingString(w.createdAt),
  }));
}

/**
 * Ends a withdrawal's review in one transaction: the record leaves state 1 only once, and the
 * money held in withdrawals pending moves with it (approve: paid out, less the fee, which the
 * platform keeps; reject: back to the player's central wallet).
 */
async function review(ctx: AppContext, orderNo: string, decision: 'approve' | 'reject', note: string) {
  return ctx.db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({ state: decision === 'approve' ? 2 : 3, note, reviewedAt: ctx.clock.now() })
      .where(and(eq(withdrawals.orderNo, orderNo), eq(withdrawals.state, 1)))
      .returning();
    if (!w) {
      const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
      if (!current) throw new AppError(404, '取款订单不存在');
      return { applied: false as const, state: current.state };
    }
    const pending = await ctx.accounts.house(tx, HouseAccount.withdrawalsPending);
    const movement = { refType: 'withdrawal', refId: w.orderNo };
    if (decision === 'reject') {
      await postTransfer(tx, {
        ...movement,
        debit: pending,
        credit: await ctx.accounts.central(tx, w.userId),
        amount: w.amount,
        kind: 'withdrawal_return',
        idempotencyKey: `withdrawal:${w.orderNo}:return`,
      });
      return { applied: true as const, state: 3 };
    }
    if (w.amount > w.fee) {
      await postTransfer(tx, {
        ...movement,
        debit: pending,
        credit: await ctx.accounts.house(tx, HouseAccount.withdrawalsPaid),
        amount: w.amount - w.fee,
        kind: 'withdrawal_payout',
        idempotencyKey: `withdrawal:${w.orderNo}:payout`,
      });
    }
    if (w.fee > 0n) {
      await postTransfer(tx, {
        ...movement,
        debit: pending,
        credit: await ctx.accounts.house(tx, HouseAccount.withdrawalFees),
        amount: w.fee,
        kind: 'withdrawal_fee',
        idempotencyKey: `withdrawal:${w.orderNo}:fee`,
      });
    }
    return { applied: true as const, state: 2 };
  });
}

const STATE_WORD: Record<number, string> = { 2: '已通过', 3: '已拒绝' };

export async function approveWithdrawal(ctx: AppContext, orderNo: string) {
  const outcome = await review(ctx, orderNo, 'approve', '');
  if (outcome.applied) return `已出款：${orderNo}`;
  if (outcome.state === 2) return `订单 ${orderNo} 此前已出款，未重复出款`;
  throw refused(`订单 ${orderNo} ${STATE_WORD[outcome.state] ?? '状态异常'}，不能出款`);
}

export async function rejectWithdrawal(ctx: AppContext, orderNo: string, note: string) {
  const outcome = await review(ctx, orderNo, 'reject', note || '审核未通过');
  if (outcome.applied) return `已拒绝并退回中心钱包：${orderNo}`;
  if (outcome.state === 3) return `订单 ${orderNo} 此前已拒绝，未重复退款`;
  throw refused(`订单 ${orderNo} 已出款，不能拒绝`);
}
