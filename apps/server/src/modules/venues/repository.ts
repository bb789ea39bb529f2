import { asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { venues } from '../../db/schema/wallet';

export type VenueRecord = typeof venues.$inferSelect;

/** Every venue, enabled or not, in the console's order (their order, then code). */
export function allVenues(q: Queryable): Promise<VenueRecord[]> {
  return q.select().from(venues).orderBy(asc(venues.sort), asc(venues.code));
}

/** The enabled venues, in their order (the venue registry's list). */
export function enabledVenues(q: Queryable) {
  return q.select().from(venues).where(eq(venues.enabled, true)).orderBy(asc(venues.sort));
}

/** The enabled venues' codes as a subquery (a list of games filters by it in its own statement). */
export const enabledVenueCodes = (q: Queryable) =>
  q.select({ code: venues.code }).from(venues).where(eq(venues.enabled, true));

/**
 * A venue's order as a scalar subquery of the caller's statement: a paged list of games sorts by
 * its venue's order first, in one statement.
 */
export const venueSortOf = (code: SQLWrapper) =>
  sql<number>`(SELECT ${venues.sort} FROM ${venues} WHERE ${venues.code} = ${code})`;

/** The names of the venues named, by code. */
export async function venueNames(q: Queryable, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await q
    .select({ code: venues.code, name: venues.name })
    .from(venues)
    .where(inArray(venues.code, [...new Set(codes)]));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** Locks a venue's row for a status change. */
export async function lockVenue(tx: Tx, code: string) {
  const [row] = await tx.select().from(venues).where(eq(venues.code, code)).for('update');
  return row;
}

/** Opens or closes a venue, or sets its maintenance message. */
export async function updateVenueStatus(
  tx: Tx,
  code: string,
  change: { enabled?: boolean; maintenance?: boolean },
) {
  const [row] = await tx.update(venues).set(change).where(eq(venues.code, code)).returning();
  return row;
}
