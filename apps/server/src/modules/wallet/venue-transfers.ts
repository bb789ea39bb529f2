import type { AppContext } from '../../context';
import { Batcher } from '../../db/batch';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { HouseAccount } from '../../ledger/accounts';
import {
  debitsWithStatement,
  postDebitsWith,
  postTransfersIf,
  transfersIfStatement,
} from '../../ledger/batched';
import {
  debitWithStatement,
  InsufficientFundsError,
  postDebitWithStatement,
  postTransferIfStatement,
  transferIfStatements,
  WHEN_DEBITED,
} from '../../ledger/post-transfer';
import { orderNo } from '../../lib/order-no';
import { VenueRefusedError, withDeadline } from '../../venues/provider';
import type { Venue } from '../../venues/registry';
import * as repo from './repository';

/** How long a venue may take before its answer counts as unknown (the transfer then awaits settlement). */
export const VENUE_CALL_TIMEOUT_MS = 8_000;

export type TransferOutcome =
  | { state: 'success'; orderNo: string }
  | { state: 'failed'; orderNo: string; reason: string }
  | { state: 'pending'; orderNo: string };

type Settlement = { applied: true } | { applied: false; reason: string };

/** Phase one of a transfer in: the debit into transit and the transfer's record, one statement. */
const reserve = debitWithStatement('venue_in_reserve', repo.insertVenueTransferWhenText(WHEN_DEBITED));
const reserveMany = debitsWithStatement(
  'venue_in_reserve_many',
  repo.RECORD_COLUMNS,
  repo.INSERT_DEBITED_RECORDS,
  repo.RECORD_MATCH,
);
/** Phase two: the record leaves state 2 and the money moves with it, one statement. */
const settlement = transferIfStatements('venue_settle', repo.FINISH_TEXT);
const settlementMany = transfersIfStatement('venue_settle_many', repo.FINISH_COLUMNS, repo.FINISH_MANY);

type Movement = Parameters<typeof postDebitWithStatement>[2];
type NewRecord = Parameters<typeof repo.insertVenueTransfer>[1];
interface Finish {
  id: number;
  state: 0 | 1;
  error: string;
  at: Date;
}

/*
 * Concurrent transfers share their statements (db/batch.ts): phase-one debits (at most one per
 * player account in a batch), the records of transfers out, and settlements (one per transfer).
 * Each transfer keeps its own outcome, and each batch is one atomic statement.
 */
const batchers = preparedPerDb((db: Db) => ({
  reserve: new Batcher<{ input: Movement; record: NewRecord }, number | null>({
    many: (items) =>
      postDebitsWith(
        db,
        reserveMany,
        items.map(({ input, record }) => ({ input, values: repo.recordRow(record) })),
      ),
    one: ({ input, record }) => postDebitWithStatement(db, reserve, input, repo.recordValues(record)),
    keyOf: ({ input }) => input.debit.id,
  }),
  record: new Batcher<NewRecord, repo.VenueTransfer>({
    many: (items) => repo.insertVenueTransfers(db, items),
    one: (item) => repo.insertVenueTransfer(db, item),
  }),
  settle: new Batcher<{ input: Movement; finish: Finish }, boolean>({
    many: (items) =>
      postTransfersIf(
        db,
        settlementMany,
        items.map(({ input, finish: f }) => ({
          input,
          values: repo.finishRow(f.id, f.state, f.error, f.at),
        })),
      ),
    one: ({ input, finish: f }) =>
      postTransferIfStatement(db, settlement, input, repo.finishValues(f.id, f.state, f.error, f.at)),
    keyOf: ({ finish }) => finish.id,
  }),
}));

/**
 * Central wallet to venue, in two phases. Phase one, one statement: the central wallet is debited
 * into transit and the transfer recorded in state 2, or, when the wallet holds less, nothing happens
 * (InsufficientFundsError). Then the venue call, outside any transaction. Phase two settles on the
 * venue's answer; without an answer the transfer stays in state 2 for reconciliation.
 */
export async function transferToVenue(
  ctx: AppContext,
  userId: number,
  venue: Venue,
  amount: bigint,
): Promise<TransferOutcome> {
  const now = ctx.clock.now();
  const values = {
    orderNo: orderNo('VI', now),
    createdAt: now,
    userId,
    venue: venue.code,
    direction: 'in' as const,
    amount,
    state: 2,
  };
  const central = await ctx.accounts.central(ctx.db, userId);
  const id = await batchers(ctx.db).reserve.run({
    input: {
      debit: central,
      credit: await ctx.accounts.house(ctx.db, HouseAccount.venueTransit),
      amount,
      kind: 'venue_in_reserve',
      idempotencyKey: `venue:${values.orderNo}:reserve`,
      refType: 'venue_transfer',
      refId: values.orderNo,
    },
    record: values,
  });
  if (id === null) throw new InsufficientFundsError(central.id);
  const record: repo.VenueTransfer = { ...values, id, error: '', settledAt: null };
  const provider = ctx.venues.providerOf(venue);
  return callVenue(ctx, record, () => provider.transferIn(venue.code, { userId }, record.orderNo, amount));
}

/** Venue to central wallet: the venue is asked first; the money moves only once it confirms. */
export async function transferFromVenue(
  ctx: AppContext,
  userId: number,
  venue: Venue,
  amount: bigint,
): Promise<TransferOutcome> {
  const now = ctx.clock.now();
  const record = await batchers(ctx.db).record.run({
    orderNo: orderNo('VO', now),
    createdAt: now,
    userId,
    venue: venue.code,
    direction: 'out',
    amount,
    state: 2,
  });
  const provider = ctx.venues.providerOf(venue);
  return callVenue(ctx, record, () => provider.transferOut(venue.code, { userId }, record.orderNo, amount));
}

async function callVenue(
  ctx: AppContext,
  record: repo.VenueTransfer,
  call: () => Promise<void>,
): Promise<TransferOutcome> {
  try {
    await withDeadline(call(), VENUE_CALL_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof VenueRefusedError) {
      await settle(ctx, record, { applied: false, reason: error.message });
      return { state: 'failed', orderNo: record.orderNo, reason: error.message };
    }
    // A timeout, or any error that leaves the venue's side unknown: reconciliation will ask.
    return { state: 'pending', orderNo: record.orderNo };
  }
  await settle(ctx, record, { applied: true });
  return { state: 'success', orderNo: record.orderNo };
}

/**
 * Phase two, exactly once: the state leaves 2 under a conditional update, and the money moves in
 * the same statement only if that update happened, so a settlement racing the reconciliation job
 * moves nothing twice. Settling only ever credits, so it cannot meet insufficient funds.
 */
async function settle(ctx: AppContext, record: repo.VenueTransfer, outcome: Settlement): Promise<void> {
  const state = outcome.applied ? 1 : 0;
  const error = outcome.applied ? '' : outcome.reason;
  const at = ctx.clock.now();
  const finish: Finish = { id: record.id, state, error, at };
  const ref = { refType: 'venue_transfer', refId: record.orderNo };
  const key = `venue:${record.orderNo}:${outcome.applied ? 'settle' : 'refund'}`;
  if (record.direction === 'in') {
    await batchers(ctx.db).settle.run({
      input: {
        debit: await ctx.accounts.house(ctx.db, HouseAccount.venueTransit),
        credit: outcome.applied
          ? await ctx.accounts.venueFloat(ctx.db, record.venue)
          : await ctx.accounts.central(ctx.db, record.userId),
        amount: record.amount,
        kind: outcome.applied ? 'venue_in_settle' : 'venue_in_refund',
        idempotencyKey: key,
        ...ref,
      },
      finish,
    });
  } else if (outcome.applied) {
    await batchers(ctx.db).settle.run({
      input: {
        debit: await ctx.accounts.venueFloat(ctx.db, record.venue),
        credit: await ctx.accounts.central(ctx.db, record.userId),
        amount: record.amount,
        kind: 'venue_out_settle',
        idempotencyKey: key,
        ...ref,
      },
      finish,
    });
  } else {
    await repo.finishVenueTransfer(ctx.db, record.id, state, error, at);
  }
}

/**
 * The reconciliation job: asks the venue about every transfer still awaiting settlement after
 * `minAgeMs` (well past the call deadline) and settles it by the venue's answer. A venue that does
 * not answer now is asked again next run.
 */
export async function reconcileVenueTransfers(ctx: AppContext, minAgeMs = 4 * VENUE_CALL_TIMEOUT_MS) {
  const before = new Date(ctx.clock.now().getTime() - minAgeMs);
  const result = { settled: 0, refunded: 0, unanswered: 0 };
  for (const record of await repo.awaitingSettlement(ctx.db, before)) {
    const venue = await ctx.venues.find(record.venue);
    if (!venue) {
      result.unanswered++;
      continue;
    }
    try {
      const answer = await withDeadline(
        ctx.venues.providerOf(venue).findTransfer(venue.code, record.orderNo),
        VENUE_CALL_TIMEOUT_MS,
      );
      await settle(
        ctx,
        record,
        answer === 'applied' ? { applied: true } : { applied: false, reason: '场馆未收到该笔转账' },
      );
      if (answer === 'applied') result.settled++;
      else result.refunded++;
    } catch {
      result.unanswered++;
    }
  }
  return result;
}
