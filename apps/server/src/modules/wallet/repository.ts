import { and, eq, lte } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { users } from '../../db/schema/users';
import { venueTransfers } from '../../db/schema/wallet';
import { run, statement } from '../../db/statements';

export type VenueTransfer = typeof venueTransfers.$inferSelect;

type NewVenueTransfer = Omit<typeof venueTransfers.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };

const RECORD_VALUES =
  '$9::varchar, $10::bigint, $11::varchar, $12::varchar, $13::bigint, $14::smallint, $15::timestamptz';

/**
 * The text of the transfer's record as an INSERT that runs only `when`, for a prepared statement
 * whose parameters $9..$15 are recordValues (the ledger's movement takes $1..$8).
 */
export const insertVenueTransferWhenText = (when: string) => `INSERT INTO venue_transfers
    (order_no, user_id, venue, direction, amount, state, created_at)
  SELECT ${RECORD_VALUES} WHERE ${when} RETURNING id`;

export const recordValues = (v: NewVenueTransfer): unknown[] => [
  v.orderNo,
  v.userId,
  v.venue,
  v.direction,
  v.amount.toString(),
  v.state,
  v.createdAt,
];

const insertRecord = statement(
  'venue_transfer_insert',
  `INSERT INTO venue_transfers (order_no, user_id, venue, direction, amount, state, created_at)
  VALUES ($1::varchar, $2::bigint, $3::varchar, $4::varchar, $5::bigint, $6::smallint, $7::timestamptz)
  RETURNING id::text AS id`,
);

export async function insertVenueTransfer(db: Db, values: NewVenueTransfer): Promise<VenueTransfer> {
  const [row] = await run(db, insertRecord, recordValues(values));
  if (!row) throw new Error('venue transfer not recorded');
  return { ...values, id: Number(row.id), error: '', settledAt: null };
}

/**
 * Moves a transfer out of state 2, once: the gate of the money movement that goes with it, as text
 * of a prepared statement whose parameters $9..$12 are finishValues (state, error, settled at, id).
 */
export const FINISH_TEXT = `UPDATE venue_transfers SET state = $9::smallint, error = $10::text, settled_at = $11::timestamptz
    WHERE id = $12::bigint AND state = 2 RETURNING id`;

export const finishValues = (id: number, state: 0 | 1, error: string, at: Date): unknown[] => [
  state,
  error,
  at,
  id,
];

const finishAlone = statement(
  'venue_transfer_finish',
  `UPDATE venue_transfers SET state = $1::smallint, error = $2::text, settled_at = $3::timestamptz
    WHERE id = $4::bigint AND state = 2`,
);

/** Moves a transfer out of state 2 with no money moving (a refused transfer out). */
export async function finishVenueTransfer(db: Db, id: number, state: 0 | 1, error: string, at: Date) {
  await run(db, finishAlone, finishValues(id, state, error, at));
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
