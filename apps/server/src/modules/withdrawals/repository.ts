import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { ledgerPending, type PendingStateValue } from '../../db/schema/ledger';
import { cards, withdrawals } from '../../db/schema/wallet';
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

/**
 * Withdrawals whose reservation is in a state, oldest first, with the card. The
 * state is the ledger's (the record keeps none of its own), read here, never written.
 */
export function withdrawalsInState(q: Queryable, state: PendingStateValue, limit: number) {
  return q
    .select({ w: withdrawals, card: cards, pending: ledgerPending })
    .from(withdrawals)
    .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
    .innerJoin(cards, eq(cards.id, withdrawals.cardId))
    .where(eq(ledgerPending.state, state))
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

/** The withdrawal's record, for the ledger to write with its reservation (only if the money moved). */
export const withdrawalRecord = (
  values: typeof withdrawals.$inferInsert,
): Attachment<typeof withdrawals> => ({ table: withdrawals, values });
