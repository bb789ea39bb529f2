import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { venueTransfers } from '../../db/schema/wallet';
import type { Attachment } from '../../ledger/ledger';

export type VenueTransfer = typeof venueTransfers.$inferSelect;

/** Venue transfers by their order numbers. */
export function transfersByOrderNo(q: Queryable, orderNos: readonly string[]): Promise<VenueTransfer[]> {
  if (orderNos.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(venueTransfers)
    .where(inArray(venueTransfers.orderNo, [...orderNos]));
}

/** The transfers a player's request made (one per venue), by the request's key. */
export function transfersByRequest(
  q: Queryable,
  userId: number,
  requestKey: string,
): Promise<VenueTransfer[]> {
  return q
    .select()
    .from(venueTransfers)
    .where(and(eq(venueTransfers.userId, userId), eq(venueTransfers.requestKey, requestKey)));
}

/** The transfer's record, for the ledger to write with its reservation (only if the money moved). */
export const transferRecord = (
  values: typeof venueTransfers.$inferInsert,
): Attachment<typeof venueTransfers> => ({ table: venueTransfers, values });
