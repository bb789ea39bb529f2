import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { withdrawals } from '../../db/schema/wallet';
import type { Attachment } from '../../ledger/ledger';

export type Withdrawal = typeof withdrawals.$inferSelect;

export async function findWithdrawal(q: Queryable, orderNo: string): Promise<Withdrawal | undefined> {
  const [row] = await q.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
  return row;
}

/** The withdrawal a player's request made, by the request's key. */
export async function withdrawalByRequest(
  q: Queryable,
  userId: number,
  requestKey: string,
): Promise<Withdrawal | undefined> {
  const [row] = await q
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestKey, requestKey)));
  return row;
}

/** Withdrawals whose reservation's key is among `keys` (the ledger's keysInState), oldest first. */
export function withdrawalsWithKeyIn(q: Queryable, keys: SQLWrapper, limit: number) {
  return q
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.pendingKey, keys))
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

/** The withdrawal's record, for the ledger to write with its reservation (only if the money moved). */
export const withdrawalRecord = (
  values: typeof withdrawals.$inferInsert,
): Attachment<typeof withdrawals> => ({ table: withdrawals, values });

/**
 * The player's withdrawals whose reservation's key is among `keys` (the ledger's keysResolvedSince):
 * their sum in cents (as text: it may pass 2^53) and count.
 */
export async function withdrawalTally(q: Queryable, userId: number, keys: SQLWrapper) {
  const [row] = await q
    .select({ total: sql<string | null>`sum(${withdrawals.amount})::text`, n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.pendingKey, keys)));
  return row;
}

/** The sum in cents of the player's withdrawals of the orders `orderNos` (a subquery of order numbers). */
export async function withdrawnOfOrders(q: Queryable, userId: number, orderNos: SQLWrapper): Promise<bigint> {
  const [row] = await q
    .select({ total: sql<string | null>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.orderNo, orderNos)));
  return BigInt(row?.total ?? 0);
}
