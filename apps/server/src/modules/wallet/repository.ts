import { and, eq, lte } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { users } from '../../db/schema/users';
import { venueTransfers } from '../../db/schema/wallet';
import { run, statement } from '../../db/statements';
import type { Columns } from '../../ledger/batched';

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

/*
 * The same statements over many transfers at once, for micro-batching (db/batch.ts): each
 * transfer's values are one element of each column array.
 */

/** A transfer's record as a row of RECORD_COLUMNS (arrays carry dates as ISO text). */
export const recordRow = (v: NewVenueTransfer): unknown[] => [
  ...recordValues(v).slice(0, -1),
  v.createdAt.toISOString(),
];

export const RECORD_COLUMNS: Columns = [
  ['order_no', 'varchar'],
  ['user_id', 'bigint'],
  ['venue', 'varchar'],
  ['direction', 'varchar'],
  ['record_amount', 'bigint'],
  ['state', 'smallint'],
  ['created_at', 'timestamptz'],
];

/** The records of the debited movements (the `alongside` of a batched debit), paired by order number. */
export const INSERT_DEBITED_RECORDS = `INSERT INTO venue_transfers
    (order_no, user_id, venue, direction, amount, state, created_at)
  SELECT i.order_no, i.user_id, i.venue, i.direction, i.record_amount, i.state, i.created_at
  FROM input i WHERE i.n IN (SELECT n FROM debited) RETURNING id, order_no`;
export const RECORD_MATCH = 'a.order_no = i.order_no';

const insertRecords = statement(
  'venue_transfer_insert_many',
  `INSERT INTO venue_transfers (order_no, user_id, venue, direction, amount, state, created_at)
  SELECT * FROM unnest($1::varchar[], $2::bigint[], $3::varchar[], $4::varchar[], $5::bigint[],
    $6::smallint[], $7::timestamptz[])
  RETURNING id::text AS id, order_no`,
);

/** insertVenueTransfer for many transfers in one statement, in their order. */
export async function insertVenueTransfers(db: Db, many: NewVenueTransfer[]): Promise<VenueTransfer[]> {
  const columns: unknown[][] = RECORD_COLUMNS.map(() => []);
  for (const values of many) {
    recordRow(values).forEach((value, column) => {
      columns[column]?.push(value);
    });
  }
  const ids = new Map<string, number>();
  for (const row of await run(db, insertRecords, columns)) ids.set(String(row.order_no), Number(row.id));
  return many.map((values) => {
    const id = ids.get(values.orderNo);
    if (id === undefined) throw new Error('venue transfer not recorded');
    return { ...values, id, error: '', settledAt: null };
  });
}

/** finishValues as a row of FINISH_COLUMNS, for a batched settlement. */
export const finishRow = (id: number, state: 0 | 1, error: string, at: Date): unknown[] => [
  id,
  state,
  error,
  at.toISOString(),
];

export const FINISH_COLUMNS: Columns = [
  ['transfer_id', 'bigint'],
  ['state', 'smallint'],
  ['error', 'text'],
  ['settled_at', 'timestamptz'],
];

/** FINISH_TEXT over many transfers: the gate of a batched settlement. */
export const FINISH_MANY = `UPDATE venue_transfers v SET state = i.state, error = i.error, settled_at = i.settled_at
    FROM input i WHERE v.id = i.transfer_id AND v.state = 2 RETURNING i.n`;

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
