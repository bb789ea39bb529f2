import { COMMISSION_KIND, STATEMENT_STATE } from '@app/contract/agents';
import { centsToAmount } from '@app/contract/money';
import { type Page, RECORDS_PAGE_SIZE } from '@app/contract/paging';
import type { TransRecord } from '@app/contract/payments';
import { TransactionType } from '@app/contract/status';
import { dateFilterStart, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { kindCredits } from '../../ledger/ledger';
import { pageOf, pageOffset } from '../../lib/paging';
import { cardsByIds } from '../cards/service';
import { payChannelsByCodes } from '../settings/service';
import { venueNames } from '../venues/service';
import { venueTransferState } from '../wallet/service';
import { withdrawalState } from '../withdrawals/service';
import * as repo from './history-read-model';

type RecordSource = (
  ctx: AppContext,
  filter: repo.RecordFilter,
) => Promise<{ total: number; rows: TransRecord[] }>;

const depositSource: RecordSource = async (ctx, filter) => {
  const { total, rows } = await repo.depositRecords(ctx.db, filter);
  const channels = await payChannelsByCodes(
    ctx.db,
    rows.map((d) => d.channel),
  );
  return {
    total,
    rows: rows.map((d) => ({
      out_trade_no: d.orderNo,
      amount: centsToAmount(d.amount),
      pay_way: channels.get(d.channel)?.name ?? d.channel,
      state: d.state,
      created_at: toBeijingString(d.createdAt),
      pay_kind: channels.get(d.channel)?.kind,
    })),
  };
};

/** A withdrawal's way out as the player reads it: the bank, or USDT and its network. */
const payWayOf = (card: { bank: string; bankOwner: string } | undefined) =>
  card?.bank === 'USDT' ? `USDT-${card.bankOwner}` : (card?.bank ?? '');

const withdrawalSource: RecordSource = async (ctx, filter) => {
  const { total, rows } = await repo.withdrawalRecords(ctx.db, filter);
  const cards = await cardsByIds(
    ctx.db,
    rows.map(({ w }) => w.cardId),
  );
  return {
    total,
    rows: rows.map(({ w, state }) => ({
      out_trade_no: w.orderNo,
      amount: centsToAmount(w.amount),
      pay_way: payWayOf(cards.get(w.cardId)),
      state: withdrawalState(state),
      created_at: toBeijingString(w.createdAt),
    })),
  };
};

const transferSource =
  (direction: 'in' | 'out'): RecordSource =>
  async (ctx, filter) => {
    const { total, rows } = await repo.transferRecords(ctx.db, filter, direction);
    const venues = await venueNames(
      ctx.db,
      rows.map(({ t }) => t.venue),
    );
    return {
      total,
      rows: rows.map(({ t, state }) => ({
        out_trade_no: t.orderNo,
        amount: centsToAmount(t.amount),
        pay_way: venues.get(t.venue) ?? t.venue,
        state: venueTransferState(state),
        created_at: toBeijingString(t.createdAt),
      })),
    };
  };

/**
 * An agent's commissions, read from the ledger's agent_commission credits (each keyed by its
 * statement): all of them paid, the month's words as their way.
 */
const commissionSource: RecordSource = async (ctx, filter) => {
  const { total, rows } = await kindCredits(ctx.db, { ...filter, kind: COMMISSION_KIND });
  return {
    total,
    rows: rows.map((c) => ({
      out_trade_no: `AC${c.ref?.id ?? ''}`,
      amount: centsToAmount(c.amount),
      pay_way: c.memo,
      state: STATEMENT_STATE.paid,
      created_at: toBeijingString(c.at),
    })),
  };
};

/**
 * Spec 9's transaction types: 1 deposit, 2 withdrawal, 3 transfer in (to a venue), 4 transfer out;
 * and 5, an agent's commission.
 */
const SOURCES: Record<number, RecordSource> = {
  [TransactionType.deposit]: depositSource,
  [TransactionType.withdrawal]: withdrawalSource,
  [TransactionType.transferIn]: transferSource('in'),
  [TransactionType.transferOut]: transferSource('out'),
  [TransactionType.commission]: commissionSource,
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
