import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/users';
import { venueTransfers } from '../../db/schema/wallet';

export type VenueTransfer = typeof venueTransfers.$inferSelect;

/** The transfer's record as an INSERT that runs only `when` (a condition over the caller's statement). */
export function insertVenueTransferWhen(
  values: Omit<typeof venueTransfers.$inferInsert, 'id'>,
  when: SQL,
): SQL {
  return sql`INSERT INTO venue_transfers (order_no, user_id, venue, direction, amount, state, created_at)
    SELECT ${values.orderNo}, ${values.userId}, ${values.venue}, ${values.direction}, ${values.amount}, ${values.state},
      ${values.createdAt ?? new Date()}
    WHERE ${when} RETURNING id`;
}

export async function insertVenueTransfer(q: Queryable, values: typeof venueTransfers.$inferInsert) {
  const [row] = await q.insert(venueTransfers).values(values).returning();
  if (!row) throw new Error('venue transfer not recorded');
  return row;
}

/** Moves a transfer out of state 2, once: a statement to gate the money movement that goes with it. */
export function finishStatement(id: number, state: 0 | 1, error: string, at: Date): SQL {
  return sql`UPDATE venue_transfers SET state = ${state}, error = ${error}, settled_at = ${at}
    WHERE id = ${id} AND state = 2 RETURNING id`;
}

/** Transfers still awaiting settlement that were created at or before `before`. */
export function awaitingSettlement(q: Queryable, before: Date) {
  return q
    .select()
    .from(venueTransfers)
    .where(and(eq(venueTransfers.state, 2), lte(venueTransfers.createdAt, before)))
    .orderBy(venueTransfers.id)
    .limit(500);
}

export async function transferStatus(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.select({ status: users.transferStatus }).from(users).where(eq(users.id, userId));
  return row?.status ?? 0;
}

export async function setTransferStatus(q: Queryable, userId: number, status: number) {
  await q.update(users).set({ transferStatus: status }).where(eq(users.id, userId));
}
