import type { Dashboard } from '@app/contract/admin/reports';
import { ReviewState } from '@app/contract/status';
import { beijingDay } from '@app/contract/time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { PendingState } from '../../db/schema/ledger';
import { buildReport } from './figures';
import { lastLedgerCheck } from './ledger-check';

const DAY_MS = 86_400_000;

/** What waits for an operator: orders in review, adjustments to approve, transfers the venues have not answered. */
async function queueDepths(ctx: AppContext): Promise<Dashboard['queues']> {
  const result = await ctx.db.execute(sql`SELECT
    (SELECT count(*) FROM deposits d JOIN pay_channels c ON c.code = d.channel
      WHERE d.state = ${ReviewState.pending} AND c.kind <> 'online') AS deposits,
    (SELECT count(*) FROM withdrawals w JOIN ledger_pending p ON p.key = w.pending_key
      WHERE p.state = ${PendingState.pending}) AS withdrawals,
    (SELECT count(*) FROM adjustments WHERE state = 'pending') AS adjustments,
    (SELECT count(*) FROM venue_transfers t JOIN ledger_pending p ON p.key = t.pending_key
      WHERE p.state = ${PendingState.pending}) AS transfers`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    deposits: Number(row?.deposits ?? 0),
    withdrawals: Number(row?.withdrawals ?? 0),
    adjustments: Number(row?.adjustments ?? 0),
    transfers: Number(row?.transfers ?? 0),
  };
}

/** Today against yesterday (Beijing), the queues, the last ledger verification and the last 30 days. */
export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const now = ctx.clock.now();
  const today = beijingDay(now);
  const first = beijingDay(new Date(now.getTime() - 29 * DAY_MS));
  const report = await buildReport(ctx.db, first, today);
  const days = report.days;
  const last = days.at(-1);
  const before = days.at(-2);
  if (!last || !before) throw new Error('the 30-day report has fewer than two days');
  return {
    today: last,
    yesterday: before,
    queues: await queueDepths(ctx),
    ledger_check: await lastLedgerCheck(ctx),
    last_30_days: days,
  };
}
