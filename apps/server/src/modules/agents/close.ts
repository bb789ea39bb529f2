import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { playerMonths } from './figures';
import { type OwnResult, overridesOf, ownMonth, type Plan } from './formula';
import { monthOf, monthRange, shiftMonth } from './months';
import { planInForce } from './plans';
import * as repo from './repository';

/** One agent's month before overrides: the plan in force, its own figures, its chain. */
interface Settled extends OwnResult {
  agentId: number;
  versionId: number;
  plan: Plan;
  chain: string;
}

/** How many levels below `agentId` the agent with `chain` (the agents above it) stands; 0 when not below. */
function levelBelow(agentId: number, chain: string): number {
  const ids = chain.split('/').filter(Boolean).map(Number);
  const at = ids.indexOf(agentId);
  return at < 0 ? 0 : ids.length - at;
}

/**
 * Each agent's own month (figures read from the ledger and the bets), before any override: every
 * agent to settle, or the agents named; up to `until` (the month so far) or the month's end.
 */
export async function settleOwn(
  q: Queryable,
  month: string,
  only?: number[],
  until?: Date,
): Promise<Settled[]> {
  const range = monthRange(month);
  const start = range.start;
  const end = until && until < range.end ? until : range.end;
  const agentIds = only ?? (await repo.agentsToSettle(q, month));
  const chains = await repo.chainsOf(q, agentIds);
  const settled: Settled[] = [];
  for (const agentId of agentIds) {
    const inForce = await planInForce(q, agentId, range.end);
    if (!inForce) continue;
    const members = await repo.directMembers(q, agentId);
    const figures = await playerMonths(
      q,
      members.map((m) => m.userId),
      start,
      end,
    );
    const carryIn = await repo.carryBefore(q, agentId, month);
    settled.push({
      agentId,
      versionId: inForce.versionId,
      plan: inForce.plan,
      chain: chains.get(agentId) ?? '',
      ...ownMonth(inForce.plan, figures, carryIn),
    });
  }
  return settled;
}

/** The overrides each agent earns on the own commissions of the agents below it. */
export function withOverrides(settled: Settled[]) {
  return settled.map((s) => {
    const below = settled
      .map((o) => ({ agentId: o.agentId, level: levelBelow(s.agentId, o.chain), commission: o.commission }))
      .filter((b) => b.level > 0);
    const overrideLines = overridesOf(s.plan, below);
    const overrides = overrideLines.reduce((sum, o) => sum + o.amount, 0n);
    return { ...s, overrideLines, overrides, total: s.commission + overrides + s.cpa };
  });
}

/**
 * Closes a Beijing month once, across all nodes: the close's row (keyed by the month) is taken in
 * the transaction that writes every statement, so a second run waits for the first to commit and
 * then finds the month closed (or, if the first rolled back, closes it itself). Answers how many
 * statements it wrote, or null when the month was closed already.
 */
export async function closeMonth(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  month: string,
): Promise<{ statements: number } | null> {
  return ctx.db.transaction(async (tx) => {
    const started = ctx.clock.now();
    if (!(await repo.claimClose(tx, month, started))) return null;
    const statements = withOverrides(await settleOwn(tx, month));
    for (const s of statements) {
      await repo.insertStatement(
        tx,
        {
          agentId: s.agentId,
          month,
          planVersionId: s.versionId,
          netLoss: s.netLoss,
          activeMembers: s.activeMembers,
          tier: s.tier,
          sharePercent: (Number(s.shareBp) / 100).toString(),
          carryIn: s.carryIn,
          carryOut: s.carryOut,
          commission: s.commission,
          overrides: s.overrides,
          overrideLines: s.overrideLines.map((o) => ({
            agent_id: o.agentId,
            level: o.level,
            commission: o.commission.toString(),
            share_bp: Number(o.shareBp),
            amount: o.amount.toString(),
          })),
          cpaCount: s.cpaCount,
          cpa: s.cpa,
          total: s.total,
          createdAt: started,
        },
        s.lines.map((l) => ({
          userId: l.userId,
          deposits: l.deposits,
          withdrawals: l.withdrawals,
          stakes: l.stakes,
          validStakes: l.validStakes,
          payouts: l.payouts,
          bonuses: l.bonuses,
          fee: l.fee,
          net: l.net,
          active: l.active ? 1 : 0,
          cpa: l.cpa ? 1 : 0,
        })),
      );
    }
    await repo.finishClose(tx, month, statements.length, ctx.clock.now());
    return { statements: statements.length };
  });
}

/** The daily job: after closed day `day`, the month before the next day's month is due (once). */
export async function closeCommissionMonth(ctx: AppContext, day: string) {
  const next = new Date(Date.parse(`${day}T12:00:00+08:00`) + 86_400_000);
  return (await closeMonth(ctx, shiftMonth(monthOf(next), -1))) ?? { statements: 0, closed: 'already' };
}
