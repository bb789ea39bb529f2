import { AGENT_ADMIN_MSG } from '@app/contract/admin/agents';
import { type CommissionRules, commissionRulesSchema } from '@app/contract/agents';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { operatorNamesByIds } from '../operators/service';
import { usernamesByIds } from '../players/service';
import { type Plan, planOf } from './formula';
import * as repo from './repository';

/**
 * Commission plans: a plan is a name; its rules are versions that never change. An agent is on
 * the plan an operator gave them, or the default plan.
 */

/** The plan version in force for an agent at `before` (the end of the month being settled). */
export async function planInForce(
  q: Queryable,
  agentId: number,
  before: Date,
): Promise<{ versionId: number; plan: Plan; name: string; version: number } | undefined> {
  const planId = (await repo.planIdsOf(q, [agentId])).get(agentId) ?? (await repo.defaultPlanId(q));
  if (planId === undefined) return undefined;
  const row = await repo.versionInForce(q, planId, before);
  if (!row) return undefined;
  return {
    versionId: row.version.id,
    plan: planOf(commissionRulesSchema.parse(row.version.rules)),
    name: row.plan,
    version: row.version.version,
  };
}

export async function listPlans(q: Queryable) {
  const { planRows, versions, counts } = await repo.plans(q);
  const authors = await operatorNamesByIds(
    q,
    versions.flatMap((v) => (v.createdBy === null ? [] : [v.createdBy])),
  );
  return planRows.map((p) => ({
    id: p.id,
    name: p.name,
    is_default: p.isDefault === 1,
    agents: counts.get(p.id) ?? 0,
    versions: versions
      .filter((v) => v.planId === p.id)
      .map((v) => ({
        id: v.id,
        version: v.version,
        rules: commissionRulesSchema.parse(v.rules),
        note: v.note,
        created_by: v.createdBy === null ? '' : (authors.get(v.createdBy) ?? `#${v.createdBy}`),
        created_at: toBeijingString(v.createdAt),
      })),
  }));
}

export async function createPlan(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  input: { name: string; is_default: boolean; rules: CommissionRules; note: string },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const plan = await repo.insertPlan(tx, {
      name: input.name,
      isDefault: input.is_default ? 1 : 0,
      createdAt: now,
    });
    const version = await repo.insertVersion(tx, {
      planId: plan.id,
      rules: input.rules,
      createdBy: actor.operatorId,
      note: input.note,
      createdAt: now,
    });
    await recordAudit(tx, now, actor, {
      action: 'agents.plans',
      targetType: 'agent-plan',
      targetId: plan.id,
      after: { name: input.name, version: version.version, rules: input.rules },
      reason: input.note,
    });
    return plan.id;
  });
}

export async function addVersion(
  ctx: AppContext,
  actor: Actor,
  planId: number,
  input: { rules: CommissionRules; note: string },
): Promise<number> {
  if (!(await repo.findPlan(ctx.db, planId))) throw new AppError(404, AGENT_ADMIN_MSG.planNotFound);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const version = await repo.insertVersion(tx, {
      planId,
      rules: input.rules,
      createdBy: actor.operatorId,
      note: input.note,
      createdAt: now,
    });
    await recordAudit(tx, now, actor, {
      action: 'agents.plans',
      targetType: 'agent-plan',
      targetId: planId,
      after: { version: version.version, rules: input.rules },
      reason: input.note,
    });
    return version.version;
  });
}

export async function assignPlan(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  agentId: number,
  planId: number,
  reason: string,
) {
  if (!(await repo.findPlan(ctx.db, planId))) throw new AppError(404, AGENT_ADMIN_MSG.planNotFound);
  const names = await usernamesByIds(ctx.db, [agentId]);
  if (!names.has(agentId)) throw new AppError(404, AGENT_ADMIN_MSG.playerNotFound);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const before = await repo.setAgentPlan(tx, agentId, planId, now);
    await recordAudit(tx, now, actor, {
      action: 'agents.plans',
      targetType: 'player',
      targetId: agentId,
      before: { plan_id: before },
      after: { plan_id: planId },
      reason,
    });
    return AGENT_ADMIN_MSG.saved;
  });
}
