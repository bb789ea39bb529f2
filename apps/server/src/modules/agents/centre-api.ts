import { randomBytes } from 'node:crypto';
import { AGENT_LINKS_MAX, AGENT_MSG, type AgentOverview, type PromotionLink } from '@app/contract/agents';
import { centsToAmount } from '@app/contract/money';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { dateFilterStart, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../lib/errors';
import { playerCards } from '../players/service';
import { settleOwn, withOverrides } from './close';
import { playerMonths } from './figures';
import { monthOf } from './months';
import * as repo from './repository';
import { statementOf, summaryOf } from './views';

/**
 * The agent centre's answers (player app). Every one starts from the calling player's own id: an
 * agent reads their own players, sub-agents, statements and links, and nothing else.
 */

const money = centsToAmount;
const pageOf = <T>(data: T[], page: number, total: number) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)),
  total,
});

export async function isAgent(ctx: AppContext, userId: number): Promise<boolean> {
  return (await playerCards(ctx.db, [userId])).get(userId)?.isAgent ?? false;
}

/** The caller, if an agent; 403 otherwise. */
export async function requireAgent(ctx: AppContext, userId: number): Promise<void> {
  if (!(await isAgent(ctx, userId))) throw new AppError(403, AGENT_MSG.notAgent);
}

export async function overview(ctx: AppContext, agentId: number): Promise<AgentOverview> {
  const now = ctx.clock.now();
  const month = monthOf(now);
  const downlineAgents = await subAgentIds(ctx, agentId, true);
  const settled = withOverrides(await settleOwn(ctx.db, month, [agentId, ...downlineAgents], now));
  const mine = settled.find((s) => s.agentId === agentId);
  const [members, last] = await Promise.all([
    repo.memberCounts(ctx.db, [agentId]),
    repo.latestStatement(ctx.db, agentId),
  ]);
  const tierView = (i: number) => {
    const t = mine?.plan.tiers[i];
    return t
      ? {
          index: i,
          min_net_loss: money(t.minNetLoss),
          min_active: t.minActive,
          share_percent: Number(t.shareBp) / 100,
        }
      : null;
  };
  const tier = mine ? tierView(mine.tier) : null;
  const next = mine ? tierView(mine.tier + 1) : null;
  const netLoss = mine?.netLoss ?? 0n;
  const active = mine?.activeMembers ?? 0;
  return {
    month,
    net_loss: money(netLoss),
    active_members: active,
    members: members.get(agentId) ?? 0,
    sub_agents: (await subAgentIds(ctx, agentId, false)).length,
    tier,
    next_tier: next && {
      ...next,
      needs_net_loss: Math.max(0, next.min_net_loss - money(netLoss)),
      needs_active: Math.max(0, next.min_active - active),
    },
    estimated_commission: money(mine?.total ?? 0n),
    carry_in: money(mine?.carryIn ?? 0n),
    last_statement: last ? summaryOf(last) : null,
  };
}

/** The agents below `agentId`: direct only, or the whole downline. */
async function subAgentIds(ctx: AppContext, agentId: number, wholeDownline: boolean): Promise<number[]> {
  const rows = wholeDownline
    ? await repo.downline(ctx.db, agentId)
    : await repo.directMembers(ctx.db, agentId);
  const cards = await playerCards(
    ctx.db,
    rows.map((r) => r.userId),
  );
  return rows.filter((r) => cards.get(r.userId)?.isAgent).map((r) => r.userId);
}

const period = (ctx: AppContext, days: number) => ({
  start: dateFilterStart(days, ctx.clock.now()),
  end: ctx.clock.now(),
});

/** The agent's direct players with their figures over the date filter, newest first, paged. */
export async function members(ctx: AppContext, agentId: number, days: number, page: number) {
  const { rows, total } = await repo.memberPage(
    ctx.db,
    agentId,
    RECORDS_PAGE_SIZE,
    (page - 1) * RECORDS_PAGE_SIZE,
  );
  const ids = rows.map((r) => r.userId);
  const { start, end } = period(ctx, days);
  const [cards, figures] = await Promise.all([
    playerCards(ctx.db, ids),
    playerMonths(ctx.db, ids, start, end),
  ]);
  const data = figures.map((f) => {
    const card = cards.get(f.userId);
    return {
      user_id: f.userId,
      username: card?.username ?? '',
      registered_at: card ? toBeijingString(card.createdAt) : '',
      last_login_at: card?.lastLoginAt ? toBeijingString(card.lastLoginAt) : '',
      deposits: money(f.deposits),
      withdrawals: money(f.withdrawals),
      valid_stakes: money(f.validStakes),
      net: money(f.stakes - f.payouts - f.bonuses),
    };
  });
  return pageOf(data, page, total);
}

/** The agent's direct sub-agents with their own players' figures over the date filter, paged. */
export async function subAgents(ctx: AppContext, agentId: number, days: number, page: number) {
  const ids = await subAgentIds(ctx, agentId, false);
  const slice = ids.slice((page - 1) * RECORDS_PAGE_SIZE, page * RECORDS_PAGE_SIZE);
  const { start, end } = period(ctx, days);
  const [cards, counts, pairs] = await Promise.all([
    playerCards(ctx.db, slice),
    repo.memberCounts(ctx.db, slice),
    repo.membersOfAgents(ctx.db, slice),
  ]);
  const allFigures = await playerMonths(
    ctx.db,
    pairs.map((p) => p.userId),
    start,
    end,
  );
  const agentOf = new Map(pairs.map((p) => [p.userId, p.agentId]));
  const data = slice.map((id) => {
    const figures = allFigures.filter((f) => agentOf.get(f.userId) === id);
    const sum = (pick: (f: (typeof figures)[number]) => bigint) => figures.reduce((s, f) => s + pick(f), 0n);
    const card = cards.get(id);
    return {
      user_id: id,
      username: card?.username ?? '',
      registered_at: card ? toBeijingString(card.createdAt) : '',
      members: counts.get(id) ?? 0,
      deposits: money(sum((f) => f.deposits)),
      valid_stakes: money(sum((f) => f.validStakes)),
      net: money(sum((f) => f.stakes - f.payouts - f.bonuses)),
    };
  });
  return pageOf(data, page, ids.length);
}

export async function statements(ctx: AppContext, agentId: number, page: number) {
  const { rows, total } = await repo.statementPage(
    ctx.db,
    { agentIds: [agentId] },
    RECORDS_PAGE_SIZE,
    (page - 1) * RECORDS_PAGE_SIZE,
  );
  return pageOf(rows.map(summaryOf), page, total);
}

/** One of the agent's own statements with its lines; another agent's is not found. */
export async function statement(ctx: AppContext, agentId: number, id: number) {
  const s = await repo.findStatement(ctx.db, id);
  if (!s || s.agentId !== agentId) throw new AppError(404, AGENT_MSG.statementNotFound);
  return statementOf(ctx.db, s);
}

const newCode = () => randomBytes(6).toString('base64url').slice(0, 8);

function linkView(
  ctx: AppContext,
  agentId: number,
  l: Awaited<ReturnType<typeof repo.linksOf>>[number],
): PromotionLink {
  return {
    id: l.id,
    code: l.code,
    name: l.name,
    url: `${ctx.config.publicUrl}/#/register?pid=${agentId}&referrer=${l.code}`,
    visits: l.visits,
    registrations: l.registrations,
  };
}

/** The agent's links; the first (their own `pid` link) is made on first asking. */
export async function links(ctx: AppContext, agentId: number): Promise<PromotionLink[]> {
  let rows = await repo.linksOf(ctx.db, agentId);
  if (rows.length === 0) {
    await repo.insertLink(ctx.db, { agentId, code: newCode(), name: '默认链接', createdAt: ctx.clock.now() });
    rows = await repo.linksOf(ctx.db, agentId);
  }
  return rows.map((l) => linkView(ctx, agentId, l));
}

export async function addLink(ctx: AppContext, agentId: number, name: string): Promise<PromotionLink> {
  const existing = await links(ctx, agentId);
  if (existing.length >= AGENT_LINKS_MAX) throw conflict(AGENT_MSG.linkLimit);
  const row = await repo.insertLink(ctx.db, { agentId, code: newCode(), name, createdAt: ctx.clock.now() });
  if (!row) throw conflict(AGENT_MSG.linkLimit);
  return linkView(ctx, agentId, { ...row, registrations: 0 });
}
