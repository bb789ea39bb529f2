import { AGENT_ADMIN_MSG, type StatementDecision } from '@app/contract/admin/agents';
import { COMMISSION_KIND, commissionRulesSchema, STATEMENT_STATE } from '@app/contract/agents';
import { amountToCents, centsToAmount } from '@app/contract/money';
import type { AppContext } from '../../context';
import { HouseAccount } from '../../ledger/ledger';
import { AppError, conflict } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { fourEyesThreshold } from '../money-review/service';
import { changeTurnover } from '../turnover/service';
import { payoutTurnover, planOf } from './formula';
import * as repo from './repository';

const FINAL: number[] = [STATEMENT_STATE.withheld, STATEMENT_STATE.paid];

/**
 * 财务 decides a statement, once, in one transaction: its row is locked (a second operator's
 * decision, on this node or another, waits and then finds it decided), the decision is stored, an
 * approved amount is paid into the agent's central wallet through the ledger as an
 * `agent_commission` movement keyed by the statement (it can never be paid twice) with the plan's
 * turnover, and the audit row is written with it all. Above the four-eyes threshold (the money
 * review's) the first approve or adjust only records itself; another operator's approve pays.
 */
export async function decideStatement(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: StatementDecision,
): Promise<string> {
  if (actor.operatorId === null) throw new AppError(403, AGENT_ADMIN_MSG.bootstrap);
  const operatorId = actor.operatorId;
  const threshold = await fourEyesThreshold(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const s = await repo.lockStatement(tx, id);
    if (!s) throw new AppError(404, AGENT_ADMIN_MSG.statementNotFound);
    if (FINAL.includes(s.state)) throw conflict(AGENT_ADMIN_MSG.decided);
    const audit = (after: object) =>
      recordAudit(tx, now, actor, {
        action: 'agents.decide',
        targetType: 'agent-statement',
        targetId: id,
        before: { state: s.state, total: centsToAmount(s.total) },
        after: { decision: input.decision, agent_id: s.agentId, month: s.month, ...after },
        reason: input.note,
      });

    if (input.decision === 'withhold') {
      await repo.updateStatement(tx, id, {
        state: STATEMENT_STATE.withheld,
        decidedBy: operatorId,
        decidedAt: now,
        note: input.note,
      });
      await audit({ state: STATEMENT_STATE.withheld });
      return AGENT_ADMIN_MSG.withheld;
    }

    const firstGiven = s.state === STATEMENT_STATE.approved || s.state === STATEMENT_STATE.adjusted;
    const secondApproval = firstGiven && input.decision === 'approve';
    if (secondApproval && s.firstDecidedBy === operatorId) throw conflict(AGENT_ADMIN_MSG.secondApprover);
    const amount = secondApproval
      ? (s.decidedAmount ?? s.total)
      : input.decision === 'adjust'
        ? (amountToCents(input.amount ?? 0) ?? 0n)
        : s.total;

    if (!secondApproval && amount > threshold) {
      const state = input.decision === 'adjust' ? STATEMENT_STATE.adjusted : STATEMENT_STATE.approved;
      await repo.updateStatement(tx, id, {
        state,
        firstDecidedBy: operatorId,
        decidedAmount: amount,
        note: input.note,
      });
      await audit({ state, amount: centsToAmount(amount), four_eyes: true });
      return AGENT_ADMIN_MSG.firstApproval;
    }

    const key = `agent-commission:${id}`;
    if (amount > 0n) {
      const posted = await ctx.ledger.credit(
        {
          key,
          from: HouseAccount.commissionExpense,
          to: { central: s.agentId },
          amount,
          kind: COMMISSION_KIND,
          ref: { type: 'commission_statement', id: String(id) },
          memo: `${s.month} 代理佣金`,
        },
        tx,
      );
      const version = await repo.versionById(tx, s.planVersionId);
      const turnover = version
        ? payoutTurnover(planOf(commissionRulesSchema.parse(version.version.rules)), amount)
        : 0n;
      if (posted.status === 'applied' && turnover > 0n)
        await changeTurnover(tx, s.agentId, turnover, COMMISSION_KIND, key);
    }
    await repo.updateStatement(tx, id, {
      state: STATEMENT_STATE.paid,
      decidedAmount: amount,
      paid: amount,
      decidedBy: operatorId,
      decidedAt: now,
      note: input.note,
    });
    await audit({ state: STATEMENT_STATE.paid, paid: centsToAmount(amount) });
    return AGENT_ADMIN_MSG.approved;
  });
}
