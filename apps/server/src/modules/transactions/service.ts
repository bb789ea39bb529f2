import { centsToAmount } from '@app/contract/money';
import { type Page, RECORDS_PAGE_SIZE } from '@app/contract/paging';
import type { TransRecord } from '@app/contract/payments';
import { TransactionType } from '@app/contract/status';
import { dateFilterStart, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { pageOf, pageOffset } from '../../lib/paging';
import { venueTransferState } from '../wallet/service';
import { withdrawalState } from '../withdrawals/service';
import * as repo from './repository';

type RecordSource = (
  ctx: AppContext,
  filter: repo.RecordFilter,
) => Promise<{ total: number; rows: TransRecord[] }>;

const depositSource: RecordSource = async (ctx, filter) => {
  const { total, rows } = await repo.depositRecords(ctx.db, filter);
  return {
    total,
    rows: rows.map(({ d, channel, kind }) => ({
      out_trade_no: d.orderNo,
      amount: centsToAmount(d.amount),
      pay_way: channel,
      state: d.state,
      created_at: toBeijingString(d.createdAt),
      pay_kind: kind,
    })),
  };
};

const withdrawalSource: RecordSource = async (ctx, filter) => {
  const { total, rows } = await repo.withdrawalRecords(ctx.db, filter);
  return {
    total,
    rows: rows.map(({ w, bank, owner, state }) => ({
      out_trade_no: w.orderNo,
      amount: centsToAmount(w.amount),
      pay_way: bank === 'USDT' ? `USDT-${owner}` : bank,
      state: withdrawalState(state),
      created_at: toBeijingString(w.createdAt),
    })),
  };
};

const transferSource =
  (direction: 'in' | 'out'): RecordSource =>
  async (ctx, filter) => {
    const { total, rows } = await repo.transferRecords(ctx.db, filter, direction);
    return {
      total,
      rows: rows.map(({ t, venue, state }) => ({
        out_trade_no: t.orderNo,
        amount: centsToAmount(t.amount),
        pay_way: venue,
        state: venueTransferState(state),
        created_at: toBeijingString(t.createdAt),
      })),
    };
  };

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
  const { total, rows } = await source(ctx, {
    userId,
    since: dateFilterStart(query.days, ctx.clock.now()),
    limit: RECORDS_PAGE_SIZE,
    offset: pageOffset(query.page),
  });
  return pageOf(query.page, total, rows);
}
