import type { Dashboard } from '@app/contract/admin/reports';
import { beijingDay } from '@app/contract/time';
import type { AppContext } from '../../context';
import { statementsWaiting } from '../agents/service';
import { buildReport } from './figures';
import { lastLedgerCheck } from './ledger-check';
import { queueDepths as queueCounts } from './repository';

const DAY_MS = 86_400_000;

/** What waits for an operator: orders in review, adjustments to approve, transfers the venues have not answered. */
async function queueDepths(ctx: AppContext): Promise<Dashboard['queues']> {
  const row = await queueCounts(ctx.db);
  return {
    deposits: Number(row?.deposits ?? 0),
    withdrawals: Number(row?.withdrawals ?? 0),
    adjustments: Number(row?.adjustments ?? 0),
    transfers: Number(row?.transfers ?? 0),
    commission_statements: await statementsWaiting(ctx),
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
