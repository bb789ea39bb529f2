import { ReviewState } from '@app/contract/status';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { deposits } from '../../db/schema/payments';
import { payChannels } from '../../db/schema/reference';

export type Deposit = typeof deposits.$inferSelect;
export type NewDeposit = typeof deposits.$inferInsert;
export type PayChannelRow = typeof payChannels.$inferSelect;

export function allChannels(q: Queryable) {
  return q.select().from(payChannels).orderBy(asc(payChannels.sort), asc(payChannels.code));
}

export async function findChannel(q: Queryable, code: string): Promise<PayChannelRow | undefined> {
  const [row] = await q.select().from(payChannels).where(eq(payChannels.code, code));
  return row;
}

export async function insertDeposit(q: Queryable, values: NewDeposit): Promise<Deposit> {
  const [row] = await q.insert(deposits).values(values).returning();
  if (!row) throw new Error('deposit not recorded');
  return row;
}

export async function findDeposit(q: Queryable, orderNo: string): Promise<Deposit | undefined> {
  const [row] = await q.select().from(deposits).where(eq(deposits.orderNo, orderNo));
  return row;
}

/** The player's own deposit, or undefined: another player's order is never found. */
export async function findOwnDeposit(
  q: Queryable,
  userId: number,
  orderNo: string,
): Promise<Deposit | undefined> {
  const [row] = await q
    .select()
    .from(deposits)
    .where(and(eq(deposits.orderNo, orderNo), eq(deposits.userId, userId)));
  return row;
}

/** The order a player's request opened, by the request's key. */
export async function depositByRequest(
  q: Queryable,
  userId: number,
  requestKey: string,
): Promise<Deposit | undefined> {
  const [row] = await q
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.requestKey, requestKey)));
  return row;
}

export async function countPendingDeposits(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, ReviewState.pending)));
  return row?.n ?? 0;
}

export async function recordCheckout(q: Queryable, id: number, tradeNo: string, url: string): Promise<void> {
  await q.update(deposits).set({ gatewayTradeNo: tradeNo, checkoutUrl: url }).where(eq(deposits.id, id));
}

/**
 * Closes a pending order (state 3) with a note; answers the order, or undefined when it was no
 * longer pending (credited, or closed already).
 */
export async function closePendingDeposit(q: Queryable, orderNo: string, note: string, at: Date) {
  const [row] = await q
    .update(deposits)
    .set({ state: ReviewState.rejected, note, settledAt: at })
    .where(and(eq(deposits.orderNo, orderNo), eq(deposits.state, ReviewState.pending)))
    .returning();
  return row;
}

/** Online orders past their payment window by more than `graceMs`, oldest first. */
export function overdueOnlineOrders(q: Queryable, now: Date, graceMs: number) {
  return q
    .select({ orderNo: deposits.orderNo })
    .from(deposits)
    .where(
      and(
        eq(deposits.state, ReviewState.pending),
        sql`${deposits.expiresAt} < ${new Date(now.getTime() - graceMs)}`,
      ),
    )
    .orderBy(asc(deposits.createdAt))
    .limit(500);
}

/**
 * Turns a pending order approved; with `paidBy`, only if the order's payment window had not closed
 * by then. Answers the order, or undefined when it was not approved by this call.
 */
export async function approvePendingDeposit(tx: Tx, orderNo: string, at: Date, paidBy?: Date) {
  const [order] = await tx
    .update(deposits)
    .set({ state: ReviewState.approved, settledAt: at })
    .where(
      and(
        eq(deposits.orderNo, orderNo),
        eq(deposits.state, ReviewState.pending),
        paidBy === undefined ? undefined : sql`${deposits.expiresAt} >= ${paidBy}`,
      ),
    )
    .returning();
  return order;
}

/** Deposits in a state, oldest first. */
export function depositsInState(q: Queryable, state: number, limit: number) {
  return q
    .select()
    .from(deposits)
    .where(eq(deposits.state, state))
    .orderBy(asc(deposits.createdAt))
    .limit(limit);
}

/** An order with its channel's kind (online orders are not reviewed by operators). */
export async function depositWithChannelKind(q: Queryable, orderNo: string) {
  const [row] = await q
    .select({ d: deposits, kind: payChannels.kind })
    .from(deposits)
    .innerJoin(payChannels, eq(payChannels.code, deposits.channel))
    .where(eq(deposits.orderNo, orderNo));
  return row;
}
