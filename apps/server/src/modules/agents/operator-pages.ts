import { AGENT_ADMIN_MSG, STATEMENT_COLUMNS, type StatementQuery } from '@app/contract/admin/agents';
import { toCsv } from '@app/contract/admin/csv';
import { COMMISSION_KIND } from '@app/contract/agents';
import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { monthlyKindTotals } from '../../ledger/ledger';
import { consolePage, sliceOf } from '../../lib/console-page';
import { AppError } from '../../lib/errors';
import { agentIds, playerCards, playerIdsNamed, usernamesByIds } from '../players/service';
import { monthOf, monthStart, shiftMonth } from './months';
import * as repo from './repository';
import { statementOf, summaryOf } from './views';

/** 代理管理's reads: the agents' tree, the statements queue, the close's state, the commission report. */

const parentOf = (chain: string) => {
  const ids = chain.split('/').filter(Boolean);
  return ids.length > 0 ? Number(ids.at(-1)) : null;
};

/** The agents under `parent` (0: under no agent), one level of the tree, paged. */
export async function agentsPage(
  ctx: AppContext,
  query: { parent: number; player: string; page: number; page_size: number; order: 'ascend' | 'descend' },
) {
  const all = await agentIds(ctx.db);
  const chains = await repo.chainsOf(ctx.db, all);
  const named = query.player ? new Set(await playerIdsNamed(ctx.db, query.player)) : null;
  const level = all.filter((id) =>
    named ? named.has(id) : (parentOf(chains.get(id) ?? '') ?? 0) === query.parent,
  );
  const slice = sliceOf(query);
  const ids = level.slice(slice.offset, slice.offset + slice.limit);
  const [cards, counts, plans] = await Promise.all([
    playerCards(ctx.db, ids),
    repo.memberCounts(ctx.db, ids),
    repo.planIdsOf(ctx.db, ids),
  ]);
  const planNames = new Map((await repo.plans(ctx.db)).planRows.map((p) => [p.id, p.name]));
  const data = ids.map((id) => {
    const chain = chains.get(id) ?? '';
    const planId = plans.get(id) ?? null;
    return {
      id,
      username: cards.get(id)?.username ?? '',
      parent_id: parentOf(chain),
      depth: chain.split('/').filter(Boolean).length,
      members: counts.get(id) ?? 0,
      sub_agents: all.filter((other) => parentOf(chains.get(other) ?? '') === id).length,
      plan_id: planId,
      plan: planId === null ? '默认方案' : (planNames.get(planId) ?? ''),
      registered_at: toBeijingString(cards.get(id)?.createdAt ?? new Date(0)),
    };
  });
  return consolePage(query, level.length, data);
}

async function filterOf(ctx: AppContext, query: StatementQuery): Promise<repo.StatementFilter> {
  return {
    state: query.state,
    month: query.month,
    agentIds: query.agent ? await playerIdsNamed(ctx.db, query.agent) : undefined,
  };
}

/** The statements queue: by state, month and agent, newest month first (`all`: the CSV's rows). */
export async function statementsPage(ctx: AppContext, query: StatementQuery, all = false) {
  const slice = sliceOf(query, all);
  const { rows, total } = await repo.statementPage(
    ctx.db,
    await filterOf(ctx, query),
    slice.limit,
    slice.offset,
  );
  const names = await usernamesByIds(
    ctx.db,
    rows.map((r) => r.agentId),
  );
  const data = rows.map((s) => ({ ...summaryOf(s), agent_id: s.agentId, agent: names.get(s.agentId) ?? '' }));
  return consolePage(query, total, data);
}

export async function statementsCsv(ctx: AppContext, query: StatementQuery): Promise<string> {
  return toCsv(STATEMENT_COLUMNS, (await statementsPage(ctx, query, true)).data);
}

export async function statementDetail(ctx: AppContext, id: number) {
  const s = await repo.findStatement(ctx.db, id);
  if (!s) throw new AppError(404, AGENT_ADMIN_MSG.statementNotFound);
  return statementOf(ctx.db, s);
}

/** The monthly close: the months closed (newest first) and the month the next close settles. */
export async function closeState(ctx: AppContext) {
  const runs = await repo.closeRuns(ctx.db, 24);
  const totals = await repo.monthTotals(
    ctx.db,
    runs.map((r) => r.month),
  );
  const lastClosed = runs[0]?.month;
  return {
    next_month: lastClosed ? shiftMonth(lastClosed, 1) : shiftMonth(monthOf(ctx.clock.now()), -1),
    months: runs.map((r) => ({
      month: r.month,
      statements: r.statements,
      started_at: toBeijingString(r.startedAt),
      finished_at: toBeijingString(r.finishedAt),
      waiting: totals.get(r.month)?.waiting ?? 0,
      paid: centsToAmount(totals.get(r.month)?.paid ?? 0n),
    })),
  };
}

export const statementsWaiting = (ctx: AppContext) => repo.waitingCount(ctx.db);

/** Commission paid per Beijing month, from the ledger's agent_commission movements. */
export async function commissionReport(ctx: AppContext, from: string, to: string) {
  const rows = await monthlyKindTotals(
    ctx.db,
    COMMISSION_KIND,
    monthStart(from),
    monthStart(shiftMonth(to, 1)),
  );
  return rows.map((r) => ({ month: r.month, payouts: r.count, amount: centsToAmount(r.cents) }));
}
