import { amountToCents } from '@app/contract/money';
import { PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { ReviewState } from '@app/contract/status';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { HouseAccount } from '../../ledger/ledger';
import { AppError, badInput, refused } from '../../lib/errors';
import { acceptedKeys } from '../../lib/keyring';
import type { PaymentStatement } from '../../payments/gateway';
import { signatureValid } from '../../payments/signature';
import { tellOperators, tellPlayer } from '../events/service';
import { addToDepositTotal } from '../players/service';
import { changeTurnover } from '../turnover/service';
import * as repo from './repository';

export type CreditOutcome =
  | { credited: true; deposit: repo.Deposit }
  | { credited: false; deposit: repo.Deposit };

/**
 * Credits a pending deposit, exactly once, in one transaction: the order turns approved (state 2),
 * the amount moves from deposits clearing to the player's central wallet, the turnover requirement
 * rises by the amount (1x) and the player's deposit total by the amount. A second call finds the
 * order approved and moves nothing; a closed order (rejected, cancelled, expired) is refused.
 */
export async function creditDeposit(
  ctx: Pick<AppContext, 'db' | 'clock' | 'ledger'>,
  orderNo: string,
  /** A gateway's payment time: credited only if the order's payment window was still open then. */
  paidBy?: Date,
  /** An operator's decision: the credit commits with the decision's record. */
  within?: Tx,
): Promise<CreditOutcome> {
  const credit = async (tx: Tx): Promise<CreditOutcome> => {
    const now = ctx.clock.now();
    const order = await repo.approvePendingDeposit(tx, orderNo, now, paidBy);
    if (!order) {
      const current = await repo.findDeposit(tx, orderNo);
      if (!current) throw new AppError(404, PAYMENT_SERVER_MSG.orderNotFound);
      if (current.state === ReviewState.approved) return { credited: false, deposit: current };
      throw refused(
        current.state === ReviewState.pending
          ? PAYMENT_SERVER_MSG.orderExpired
          : PAYMENT_SERVER_MSG.orderClosed,
      );
    }
    await ctx.ledger.credit(
      {
        key: `deposit:${order.orderNo}`,
        from: HouseAccount.depositsClearing,
        to: { central: order.userId },
        amount: order.amount,
        kind: 'deposit',
        ref: { type: 'deposit', id: order.orderNo },
      },
      tx,
    );
    await changeTurnover(tx, order.userId, order.amount, 'deposit', `deposit:${order.orderNo}`);
    await addToDepositTotal(tx, order.userId, order.amount);
    return { credited: true, deposit: order };
  };
  return within ? credit(within) : ctx.db.transaction(credit);
}

/** A gateway cancellation closes the order with this note (spec state 3: it failed, nobody reviews it). */
export const CANCELLED_NOTE = '支付已取消';

/**
 * A gateway's statement about an online order: believed only when its signature is ours and its
 * trade and amount are the order's. Paid: the order is credited (once, however many times the
 * statement arrives), if it was paid within the payment window. Cancelled: a pending order is closed
 * (state 3) at once, instead of waiting for its window to pass; nothing moves.
 */
export async function acceptStatement(
  ctx: AppContext,
  statement: PaymentStatement,
): Promise<'paid' | 'cancelled'> {
  if (!signatureValid({ ...statement }, acceptedKeys(ctx.config.secrets.paymentCallback, ctx.clock.now())))
    throw badInput(PAYMENT_SERVER_MSG.signature);
  const order = await repo.findDeposit(ctx.db, statement.merchant_order_no);
  if (!order || order.gatewayTradeNo !== statement.trade_no)
    throw new AppError(404, PAYMENT_SERVER_MSG.orderNotFound);
  const amount = amountToCents(Number(statement.amount));
  if (amount === null || amount !== order.amount) throw refused(PAYMENT_SERVER_MSG.amountMismatch);
  if (statement.status === 'cancelled') {
    await repo.closePendingDeposit(ctx.db, order.orderNo, CANCELLED_NOTE, ctx.clock.now());
    return 'cancelled';
  }
  const paidAt = new Date(statement.paid_at);
  if (Number.isNaN(paidAt.getTime())) throw badInput(PAYMENT_SERVER_MSG.signature);
  const { credited } = await creditDeposit(ctx, order.orderNo, paidAt);
  if (credited) {
    await tellPlayer(ctx, order.userId, { type: 'balance', reason: 'deposit', outcome: 'approved' });
    await tellOperators(ctx, { type: 'changed', area: 'deposit', order_no: order.orderNo });
  }
  return 'paid';
}
