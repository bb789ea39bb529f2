import {
  STATEMENT_STATE_LABEL,
  type Statement,
  type StatementState,
  type StatementSummary,
} from '@app/contract/agents';
import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { Queryable } from '../../db/client';
import { usernamesByIds } from '../players/service';
import * as repo from './repository';

const money = centsToAmount;

/** A statement as both audiences read it (amounts in yuan). */
export function summaryOf(s: repo.StatementRow): StatementSummary {
  return {
    id: s.id,
    month: s.month,
    net_loss: money(s.netLoss),
    active_members: s.activeMembers,
    tier: s.tier,
    share_percent: Number(s.sharePercent),
    carry_in: money(s.carryIn),
    carry_out: money(s.carryOut),
    commission: money(s.commission),
    overrides: money(s.overrides),
    cpa: money(s.cpa),
    total: money(s.total),
    paid: money(s.paid),
    state: s.state,
    state_label: STATEMENT_STATE_LABEL[s.state as StatementState] ?? '',
    decided_at: s.decidedAt ? toBeijingString(s.decidedAt) : '',
    note: s.note,
  };
}

type StoredOverride = {
  agent_id: number;
  level: number;
  commission: string;
  share_bp: number;
  amount: string;
};

/** A statement with its lines and overrides, the players' and sub-agents' names beside them. */
export async function statementOf(q: Queryable, s: repo.StatementRow): Promise<Statement> {
  const [lines, version] = await Promise.all([repo.linesOf(q, s.id), repo.versionById(q, s.planVersionId)]);
  const overrides = s.overrideLines as StoredOverride[];
  const names = await usernamesByIds(q, [
    s.agentId,
    ...lines.map((l) => l.userId),
    ...overrides.map((o) => o.agent_id),
  ]);
  return {
    ...summaryOf(s),
    agent_id: s.agentId,
    agent: names.get(s.agentId) ?? '',
    plan: version?.plan ?? '',
    plan_version: version?.version.version ?? 0,
    lines: lines.map((l) => ({
      user_id: l.userId,
      username: names.get(l.userId) ?? '',
      deposits: money(l.deposits),
      withdrawals: money(l.withdrawals),
      stakes: money(l.stakes),
      valid_stakes: money(l.validStakes),
      payouts: money(l.payouts),
      bonuses: money(l.bonuses),
      fee: money(l.fee),
      net: money(l.net),
      active: l.active === 1,
      cpa: l.cpa === 1,
    })),
    override_lines: overrides.map((o) => ({
      agent_id: o.agent_id,
      username: names.get(o.agent_id) ?? '',
      level: o.level,
      commission: money(BigInt(o.commission)),
      share_percent: o.share_bp / 100,
      amount: money(BigInt(o.amount)),
    })),
  };
}
