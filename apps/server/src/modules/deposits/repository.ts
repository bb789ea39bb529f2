import { ReviewState } from '@app/contract/status';
import { and, asc, count, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { deposits } from '../../db/schema/payments';

export type Deposit = typeof deposits.$inferSelect;
export type NewDeposit = typeof deposits.$inferInsert;
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

/** Deposit orders since `from` that may still be credited or were (every state but closed), oldest first. */
export function depositsSince(
  q: Queryable,
  userId: number,
  from: Date,
): Promise<{ at: Date; amount: bigint }[]> {
  return q
    .select({ at: deposits.createdAt, amount: deposits.amount })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        ne(deposits.state, ReviewState.rejected),
        gt(deposits.createdAt, from),
      ),
    )
    .orderBy(asc(deposits.createdAt));
}

/** The player's deposits approved from `from` to `to`, in cents. */
export async function approvedDepositsBetween(q: Queryable, userId: number, from: Date, to: Date) {
  const [paid] = await q
    .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)::text` })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.state, ReviewState.approved),
        gte(deposits.settledAt, from),
        lt(deposits.settledAt, to),
      ),
    );
  return BigInt(paid?.total ?? 0);
}

/** The player's deposits approved since `since`: their sum in cents (as text: it may pass 2^53) and count. */
export async function approvedDepositTally(q: Queryable, userId: number, since: Date) {
  const [row] = await q
    .select({ total: sql<string | null>`sum(${deposits.amount})::text`, n: sql<number>`count(*)::int` })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.state, ReviewState.approved),
        gte(deposits.settledAt, since),
      ),
    );
  return row;
}
