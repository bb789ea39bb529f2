import { TransferState } from '@app/contract/status';
import type { AppContext } from '../../context';
import {
  type AccountName,
  HouseAccount,
  PendingState,
  type PendingStateValue,
  RecordConflictError,
} from '../../ledger/ledger';
import { orderNo } from '../../lib/order-no';
import { VenueRefusedError, withDeadline } from '../../venues/provider';
import type { Venue } from '../../venues/registry';
import { type Authenticated, sessionEnded } from '../auth/service';
import { tellOperators, tellPlayer } from '../events/service';
import * as repo from './repository';

/** How long a venue may take before its answer counts as unknown (the transfer then awaits settlement). */
export const VENUE_CALL_TIMEOUT_MS = 8_000;

export type TransferOutcome =
  | { state: 'success'; orderNo: string }
  | { state: 'failed'; orderNo: string; reason: string }
  | { state: 'pending'; orderNo: string };

/** The central wallet did not cover a transfer in: nothing moved, nothing was recorded. */
export class CentralNotCoveredError extends Error {
  constructor() {
    super('the central wallet does not cover the transfer');
    this.name = 'CentralNotCoveredError';
  }
}

/** The ledger reservations of venue transfers, by direction. */
const KIND = { in: 'venue_in', out: 'venue_out' } as const;
const pendingKeyOf = (order: string) => `venue:${order}`;

/** Spec transfer state (0 failed, 1 success, 2 awaiting settlement) of a transfer's reservation state. */
export function venueTransferState(state: PendingStateValue): number {
  if (state === PendingState.settled) return TransferState.success;
  if (state === PendingState.voided) return TransferState.failed;
  return TransferState.awaitingSettlement;
}

/**
 * Records a venue transfer and reserves its money in one statement: it leaves its source (the
 * central wallet for a transfer in, only while the wallet covers it; the venue float for a
 * transfer out) for venue transit, where it waits for the venue's answer. When the player's
 * request made this transfer before (its key is on a record already), that record is answered
 * instead, and nothing new is reserved.
 */
async function reserveTransfer(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  venue: Venue,
  direction: 'in' | 'out',
  amount: bigint,
  requestKey: string | undefined,
): Promise<{ record: repo.VenueTransfer; earlier: boolean }> {
  const now = ctx.clock.now();
  const order = orderNo(direction === 'in' ? 'VI' : 'VO', now);
  const record = {
    orderNo: order,
    userId,
    venue: venue.code,
    direction,
    amount,
    pendingKey: pendingKeyOf(order),
    requestKey: requestKey ?? null,
    createdAt: now,
  };
  const from: AccountName = direction === 'in' ? { central: userId } : { venueFloat: venue.code };
  try {
    const reserved = await ctx.ledger.reserve({
      key: record.pendingKey,
      from,
      holding: HouseAccount.venueTransit,
      amount,
      kind: KIND[direction],
      ref: { type: 'venue_transfer', id: order },
      record: repo.transferRecord(record),
      session: sessionId,
    });
    if (reserved.status === 'insufficient') throw new CentralNotCoveredError();
    if (reserved.status === 'session_ended') throw sessionEnded();
    return { record: { ...record, id: 0 }, earlier: false };
  } catch (error) {
    const earlier =
      error instanceof RecordConflictError && requestKey !== undefined
        ? (await repo.transfersByRequest(ctx.db, userId, requestKey)).find((t) => t.venue === venue.code)
        : undefined;
    if (!earlier) throw error;
    return { record: earlier, earlier: true };
  }
}

/**
 * A transfer between the central wallet and a venue (in: to the venue; out: back), in two phases.
 * Phase one, one statement: the money is reserved and the transfer recorded (state 2), or, when the
 * central wallet holds less than a transfer in, nothing happens (CentralNotCoveredError). Then the
 * venue call, outside any transaction. Phase two settles on the venue's answer; without an answer
 * the transfer stays in state 2 for reconciliation.
 */
export async function transferAtVenue(
  ctx: AppContext,
  direction: 'in' | 'out',
  player: Authenticated,
  venue: Venue,
  amount: bigint,
  requestKey?: string,
): Promise<TransferOutcome> {
  const { record, earlier } = await reserveTransfer(ctx, player, venue, direction, amount, requestKey);
  return earlier ? resumeTransfer(ctx, record) : callVenue(ctx, venue, record);
}

/**
 * What became of a transfer an earlier attempt of the same request made: settled or voided, as
 * the ledger says; still awaiting settlement, the venue is asked again with the same order id
 * (it applies an id once), and its answer settles it.
 */
export async function resumeTransfer(ctx: AppContext, record: repo.VenueTransfer): Promise<TransferOutcome> {
  const reservation = await ctx.ledger.find(record.pendingKey);
  if (reservation?.state === PendingState.settled) return { state: 'success', orderNo: record.orderNo };
  if (reservation?.state === PendingState.voided)
    return { state: 'failed', orderNo: record.orderNo, reason: reservation.note };
  const venue = await ctx.venues.reachable(record.venue);
  if (!venue) return { state: 'pending', orderNo: record.orderNo };
  return callVenue(ctx, venue, record);
}

/** The transfer call, by the transfer's own order id, and phase two by its answer. */
async function callVenue(
  ctx: AppContext,
  venue: Venue,
  record: repo.VenueTransfer,
): Promise<TransferOutcome> {
  const provider = ctx.venues.providerOf(venue);
  const player = { userId: record.userId };
  const call =
    record.direction === 'in'
      ? provider.transferIn(venue.code, player, record.orderNo, record.amount)
      : provider.transferOut(venue.code, player, record.orderNo, record.amount);
  try {
    await withDeadline(call, VENUE_CALL_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof VenueRefusedError) return concludeFailed(ctx, record, error.message);
    // A timeout, or any error that leaves the venue's side unknown: reconciliation will ask.
    await tellOperators(ctx, { type: 'changed', area: 'transfer', order_no: record.orderNo });
    return { state: 'pending', orderNo: record.orderNo };
  }
  return settleAs(ctx, record, 'applied', '');
}

/**
 * The platform gives up on a transfer only once the venue can never apply it (protocol point 4 in
 * venues/provider.ts): the order id is voided at the venue first. 'voided': the reserved money
 * returns to its source; 'applied' (the venue applied it before the void): it settles as a success.
 * A void that gets no answer leaves the transfer awaiting settlement, for reconciliation to void.
 */
async function concludeFailed(
  ctx: AppContext,
  record: repo.VenueTransfer,
  reason: string,
): Promise<TransferOutcome> {
  const venue = await ctx.venues.reachable(record.venue);
  if (!venue) return { state: 'pending', orderNo: record.orderNo };
  let answer: 'voided' | 'applied';
  try {
    answer = await withDeadline(
      ctx.venues.providerOf(venue).voidTransfer(venue.code, record.orderNo),
      VENUE_CALL_TIMEOUT_MS,
    );
  } catch {
    return { state: 'pending', orderNo: record.orderNo };
  }
  return settleAs(ctx, record, answer, reason);
}

/**
 * Phase two, exactly once, by the venue's word: applied, the reserved money reaches its
 * destination; voided, it returns to its source. The ledger closes a reservation only while it is
 * pending, so the answer of the call and reconciliation's cannot both move money.
 */
async function settleAs(
  ctx: AppContext,
  record: repo.VenueTransfer,
  answer: 'applied' | 'voided',
  reason: string,
): Promise<TransferOutcome> {
  const to: AccountName =
    record.direction === 'in' ? { venueFloat: record.venue } : { central: record.userId };
  const done =
    answer === 'applied'
      ? await ctx.ledger.settle({ key: record.pendingKey, to, kind: `${KIND[record.direction]}_settle` })
      : await ctx.ledger.void({ key: record.pendingKey, note: reason });
  if (done.state === PendingState.settled) return { state: 'success', orderNo: record.orderNo };
  const closed = await ctx.ledger.find(record.pendingKey);
  return { state: 'failed', orderNo: record.orderNo, reason: closed?.note || reason };
}

/** Why reconciliation refunds a transfer the venue never applied. */
const NEVER_ARRIVED = '场馆未收到该笔转账';

/**
 * The reconciliation job: voids every transfer still awaiting settlement after `minAgeMs` (four
 * call deadlines) at its venue and settles it by the answer: 'voided', refunded (in) or failed
 * (out); 'applied', completed. A venue that does not answer now is asked again next run.
 */
export async function reconcileVenueTransfers(ctx: AppContext, minAgeMs = 4 * VENUE_CALL_TIMEOUT_MS) {
  const before = new Date(ctx.clock.now().getTime() - minAgeMs);
  const open = await ctx.ledger.stillPending([KIND.in, KIND.out], before, 500);
  const records = await repo.transfersByOrderNo(
    ctx.db,
    open.flatMap((p) => (p.refId === null ? [] : [p.refId])),
  );
  const result = { settled: 0, refunded: 0, unanswered: 0 };
  for (const record of records) {
    const outcome = await reconciled(ctx, record);
    if (outcome.state === 'success') result.settled++;
    else if (outcome.state === 'failed') result.refunded++;
    else result.unanswered++;
  }
  return result;
}

/**
 * An operator's "ask the venue now" for one transfer awaiting settlement: reconciliation's own
 * step (void at the venue, settle by its answer), without waiting for the transfer's age.
 * Undefined when there is no such transfer.
 */
export async function reconcileVenueTransfer(
  ctx: AppContext,
  order: string,
): Promise<TransferOutcome | undefined> {
  const [record] = await repo.transfersByOrderNo(ctx.db, [order]);
  if (!record) return undefined;
  const reservation = await ctx.ledger.find(record.pendingKey);
  if (reservation && reservation.state !== PendingState.pending) {
    return reservation.state === PendingState.settled
      ? { state: 'success', orderNo: record.orderNo }
      : { state: 'failed', orderNo: record.orderNo, reason: reservation.note };
  }
  return reconciled(ctx, record);
}

/** Reconciliation's step for one transfer; a settled one is told to its player and the consoles. */
async function reconciled(ctx: AppContext, record: repo.VenueTransfer): Promise<TransferOutcome> {
  const outcome = await concludeFailed(ctx, record, NEVER_ARRIVED);
  if (outcome.state !== 'pending') {
    await tellPlayer(ctx, record.userId, { type: 'balance', reason: 'transfer' });
    await tellOperators(ctx, { type: 'changed', area: 'transfer', order_no: record.orderNo });
  }
  return outcome;
}
