import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { usernamesByIds } from '../players/service';
import { findPayChannel } from '../settings/service';
import { acceptStatement } from './credit';
import * as repo from './repository';

/** An online order past its window stays payable for this long, for a notification already on its way. */
const EXPIRY_GRACE_MS = 5 * 60_000;

/** Deposits in a state, oldest first, as the operator reviews them. */
export async function listDeposits(ctx: AppContext, state: number) {
  const rows = await repo.depositsInState(ctx.db, state, 200);
  const usernames = await usernamesByIds(
    ctx.db,
    rows.map((d) => d.userId),
  );
  return rows.map((d) => ({
    order_no: d.orderNo,
    username: usernames.get(d.userId) ?? '',
    channel: d.channel,
    amount: centsToAmount(d.amount),
    state: d.state,
    protocol: d.protocol,
    depositor_name: d.depositorName,
    depositor_bank: d.depositorBank,
    created_at: toBeijingString(d.createdAt),
  }));
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

/** An order with its channel's kind (online orders are not reviewed by operators), or undefined. */
export async function depositWithChannelKind(q: Queryable, orderNo: string) {
  const d = await repo.findDeposit(q, orderNo);
  const channel = d && (await findPayChannel(q, d.channel));
  return channel && { d, kind: channel.kind };
}
