import { centsToAmount } from '@app/contract/money';
import { PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { ReviewState } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { AppError, refused } from '../../lib/errors';
import { acceptStatement, creditDeposit } from './credit';
import * as repo from './repository';

/** An online order past its window stays payable for this long, for a notification already on its way. */
const EXPIRY_GRACE_MS = 5 * 60_000;

/** Deposits in a state, oldest first, as the operator reviews them. */
export async function listDeposits(ctx: AppContext, state: number) {
  const rows = await repo.depositsInState(ctx.db, state, 200);
  return rows.map(({ deposit: d, username }) => ({
    order_no: d.orderNo,
    username,
    channel: d.channel,
    amount: centsToAmount(d.amount),
    state: d.state,
    protocol: d.protocol,
    depositor_name: d.depositorName,
    depositor_bank: d.depositorBank,
    created_at: toBeijingString(d.createdAt),
  }));
}

/** The operator confirms the money arrived: the deposit is credited (once). */
export async function approveDeposit(ctx: AppContext, orderNo: string) {
  const outcome = await creditDeposit(ctx, orderNo);
  const amount = centsToAmount(outcome.deposit.amount);
  return outcome.credited ? `已入账：${orderNo}，${amount}` : `订单 ${orderNo} 此前已入账，未重复入账`;
}

/** The operator refuses a pending deposit: nothing was credited, nothing moves. */
export async function rejectDeposit(ctx: AppContext, orderNo: string, note: string) {
  const closed = await repo.closePendingDeposit(ctx.db, orderNo, note || '审核未通过', ctx.clock.now());
  if (closed) return `已拒绝：${orderNo}`;
  const current = await repo.findDeposit(ctx.db, orderNo);
  if (!current) throw new AppError(404, PAYMENT_SERVER_MSG.orderNotFound);
  if (current.state === ReviewState.rejected) return `订单 ${orderNo} 此前已拒绝`;
  throw refused(`订单 ${orderNo} 已入账，不能拒绝`);
}

/** Closes the online orders nobody paid within the payment window (a job). */
export async function expireUnpaidDeposits(ctx: AppContext): Promise<{ expired: number }> {
  const now = ctx.clock.now();
  const overdue = await repo.overdueOnlineOrders(ctx.db, now, EXPIRY_GRACE_MS);
  let expired = 0;
  for (const { orderNo } of overdue) {
    // Paid at the gateway but not yet notified: its statement decides, not the clock.
    const statement = await ctx.gateway.queryPayment(orderNo);
    if (statement) {
      await acceptStatement(ctx, statement).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      continue;
    }
    if (await repo.closePendingDeposit(ctx.db, orderNo, '订单超时未支付', now)) expired++;
  }
  return { expired };
}
