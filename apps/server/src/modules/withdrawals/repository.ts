import { and, asc, eq, inArray, type SQLWrapper } from 'drizzle-orm';
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
