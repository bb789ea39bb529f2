import { type Decision, MONEY_MSG } from '@app/contract/admin/money';
import { centsToAmount } from '@app/contract/money';
import { PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { ReviewState } from '@app/contract/status';
import type { AppContext } from '../../context';
import { AppError, refused } from '../../lib/errors';
import { claimAndDecide, orderOf, type ReviewActor } from './decisions';
import type { ReviewKind } from './repository';

/** What the operator API answers, by order kind and decision: decided now, or found decided so before. */
const SAID = {
  deposit: {
    approve: {
      done: (no: string, amount: bigint) => `已入账：${no}，${centsToAmount(amount)}`,
      again: (no: string) => `订单 ${no} 此前已入账，未重复入账`,
      other: () => PAYMENT_SERVER_MSG.orderClosed,
    },
    reject: {
      done: (no: string) => `已拒绝：${no}`,
      again: (no: string) => `订单 ${no} 此前已拒绝`,
      other: (no: string) => `订单 ${no} 已入账，不能拒绝`,
    },
  },
  withdrawal: {
    approve: {
      done: (no: string) => `已出款：${no}`,
      again: (no: string) => `订单 ${no} 此前已出款，未重复出款`,
      other: (no: string) => `订单 ${no} 已拒绝，不能出款`,
    },
    reject: {
      done: (no: string) => `已拒绝并退回中心钱包：${no}`,
      again: (no: string) => `订单 ${no} 此前已拒绝，未重复退款`,
      other: (no: string) => `订单 ${no} 已出款，不能拒绝`,
    },
  },
} as const;

const STATE_OF: Record<Decision, number> = {
  approve: ReviewState.approved,
  reject: ReviewState.rejected,
};

/**
 * A decision through the operator API (scripts, `npm run ops`): the console's claim and decision in
 * one transaction, answered with a message. Sent again after it was decided the same way (a retry),
 * it moves nothing and says so; an order decided the other way is refused.
 */
export async function decideByApi(
  ctx: AppContext,
  actor: ReviewActor,
  kind: ReviewKind,
  orderNo: string,
  decision: Decision,
  note: string,
): Promise<string> {
  const said = SAID[kind][decision];
  // The player reads a rejection's note (a withdrawal's refund): never an empty one.
  const reason = decision === 'reject' && note === '' ? '审核未通过' : note;
  try {
    const answer = await claimAndDecide(ctx, actor, kind, orderNo, decision, reason);
    return answer.outcome === 'first-approval' ? MONEY_MSG.firstApproval : said.done(orderNo, answer.amount);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 409) throw error;
    const { state } = await orderOf(ctx, ctx.db, kind, orderNo);
    if (state === ReviewState.pending) throw error;
    if (state === STATE_OF[decision]) return said.again(orderNo);
    throw refused(said.other(orderNo));
  }
}
