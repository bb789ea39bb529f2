import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { ledgerPending } from '../../db/schema/ledger';
import { deposits } from '../../db/schema/payments';
import { venueTransfers, withdrawals } from '../../db/schema/wallet';

/**
 * The player's history of deposits, withdrawals and transfers (a read model: the test of table
 * ownership lists it). A withdrawal's and a transfer's state is its ledger reservation's, read in the
 * page's own statement; names (channels, cards, venues) come from their owners after the page.
 */

/** The player's own records created since `since`: one page, newest first. */
export interface RecordFilter {
  userId: number;
  since: Date;
  limit: number;
  offset: number;
}

export async function depositRecords(q: Queryable, f: RecordFilter) {
  const where = and(eq(deposits.userId, f.userId), gte(deposits.createdAt, f.since));
  const [total] = await q.select({ n: count() }).from(deposits).where(where);
  const rows = await q
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(f.limit)
    .offset(f.offset);
  return { total: total?.n ?? 0, rows };
}

export async function withdrawalRecords(q: Queryable, f: RecordFilter) {
  const where = and(eq(withdrawals.userId, f.userId), gte(withdrawals.createdAt, f.since));
  const [total] = await q.select({ n: count() }).from(withdrawals).where(where);
  const rows = await q
    .select({ w: withdrawals, state: ledgerPending.state })
    .from(withdrawals)
    .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(f.limit)
    .offset(f.offset);
  return { total: total?.n ?? 0, rows };
}

export async function transferRecords(q: Queryable, f: RecordFilter, direction: 'in' | 'out') {
  const where = and(
    eq(venueTransfers.userId, f.userId),
    gte(venueTransfers.createdAt, f.since),
    eq(venueTransfers.direction, direction),
  );
  const [total] = await q.select({ n: count() }).from(venueTransfers).where(where);
  const rows = await q
    .select({ t: venueTransfers, state: ledgerPending.state })
    .from(venueTransfers)
    .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
    .where(where)
    .orderBy(desc(venueTransfers.createdAt), desc(venueTransfers.id))
    .limit(f.limit)
    .offset(f.offset);
  return { total: total?.n ?? 0, rows };
}
