import { centsToAmount } from '@app/contract/money';
import { type Page, RECORDS_PAGE_SIZE } from '@app/contract/paging';
import type { TransRecord } from '@app/contract/payments';
import { TransactionType } from '@app/contract/status';
import { dateFilterStart, toBeijingString } from '@app/contract/time';
import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { ledgerPending } from '../../db/schema/ledger';
import { deposits } from '../../db/schema/payments';
import { payChannels } from '../../db/schema/reference';
import { cards, venues, venueTransfers, withdrawals } from '../../db/schema/wallet';
import { pageOf, pageOffset } from '../../lib/paging';
import { venueTransferState } from '../wallet/service';
import { withdrawalState } from '../withdrawals/service';

interface RecordSource {
  table: PgTable;
  userId: PgColumn;
  createdAt: PgColumn;
  where?: SQL;
  rows(ctx: AppContext, where: SQL, offset: number): Promise<TransRecord[]>;
}

const limit = RECORDS_PAGE_SIZE;

const depositSource: RecordSource = {
  table: deposits,
  userId: deposits.userId,
  createdAt: deposits.createdAt,
  async rows(ctx, where, offset) {
    const rows = await ctx.db
      .select({ d: deposits, channel: payChannels.name, kind: payChannels.kind })
      .from(deposits)
      .innerJoin(payChannels, eq(payChannels.code, deposits.channel))
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ d, channel, kind }) => ({
      out_trade_no: d.orderNo,
      amount: centsToAmount(d.amount),
      pay_way: channel,
      state: d.state,
      created_at: toBeijingString(d.createdAt),
      pay_kind: kind,
    }));
  },
};

const withdrawalSource: RecordSource = {
  table: withdrawals,
  userId: withdrawals.userId,
  createdAt: withdrawals.createdAt,
  async rows(ctx, where, offset) {
    const rows = await ctx.db
      .select({ w: withdrawals, bank: cards.bank, owner: cards.bankOwner, state: ledgerPending.state })
      .from(withdrawals)
      .innerJoin(cards, eq(cards.id, withdrawals.cardId))
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ w, bank, owner, state }) => ({
      out_trade_no: w.orderNo,
      amount: centsToAmount(w.amount),
      pay_way: bank === 'USDT' ? `USDT-${owner}` : bank,
      state: withdrawalState(state),
      created_at: toBeijingString(w.createdAt),
    }));
  },
};

const transferSource = (direction: 'in' | 'out'): RecordSource => ({
  table: venueTransfers,
  userId: venueTransfers.userId,
  createdAt: venueTransfers.createdAt,
  where: eq(venueTransfers.direction, direction),
  async rows(ctx, where, offset) {
    const rows = await ctx.db
      .select({ t: venueTransfers, venue: venues.name, state: ledgerPending.state })
      .from(venueTransfers)
      .innerJoin(venues, eq(venues.code, venueTransfers.venue))
      .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
      .where(where)
      .orderBy(desc(venueTransfers.createdAt), desc(venueTransfers.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ t, venue, state }) => ({
      out_trade_no: t.orderNo,
      amount: centsToAmount(t.amount),
      pay_way: venue,
      state: venueTransferState(state),
      created_at: toBeijingString(t.createdAt),
    }));
  },
});

/** Spec 9's transaction types: 1 deposit, 2 withdrawal, 3 transfer in (to a venue), 4 transfer out. */
const SOURCES: Record<number, RecordSource> = {
  [TransactionType.deposit]: depositSource,
  [TransactionType.withdrawal]: withdrawalSource,
  [TransactionType.transferIn]: transferSource('in'),
  [TransactionType.transferOut]: transferSource('out'),
};

/** The player's own records of one type since the date filter's first Beijing day, newest first. */
export async function transactionRecords(
  ctx: AppContext,
  userId: number,
  query: { type: number; days: number; page: number },
): Promise<Page<TransRecord>> {
  const source = SOURCES[query.type];
  if (!source) throw new Error(`unknown transaction type ${query.type}`);
  const where = and(
    eq(source.userId, userId),
    gte(source.createdAt, dateFilterStart(query.days, ctx.clock.now())),
    source.where,
  ) as SQL;
  const [total] = await ctx.db.select({ n: count() }).from(source.table).where(where);
  return pageOf(query.page, total?.n ?? 0, await source.rows(ctx, where, pageOffset(query.page)));
}
