import {
  AGENT_ADMIN_ROUTES,
  agentRowSchema,
  closeStateSchema,
  type newPlanBodySchema,
  type newVersionBodySchema,
  planSchema,
  type StatementDecision,
  type StatementQuery,
  statementRowSchema,
  statementSchema,
} from '@app/contract/admin/agents';
import { pageOf } from '@app/contract/admin/fields';
import type { Row } from '@app/contract/admin/players';
import type { z } from 'zod';
import { api, apiPath, command, download, type Query } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

export type StatementFilters = Pick<StatementQuery, 'state' | 'month' | 'agent'>;

const statementsPage = pageOf(statementRowSchema);

/** One page of the statements queue; rows as the DataTable shows them (STATEMENT_COLUMNS). */
export const fetchStatements = async (filters: StatementFilters, paging: Query) => {
  const page = await api(statementsPage, apiPath(AGENT_ADMIN_ROUTES.statements), {
    query: { ...filters, ...paging },
  });
  return { ...page, data: page.data as Row[] };
};

/** The whole filtered queue as the server's CSV. */
export const exportStatements = (filters: StatementFilters, paging: Query) =>
  download(apiPath(AGENT_ADMIN_ROUTES.statementsCsv), { ...filters, ...paging });

export const fetchStatement = (id: number) => api(statementSchema, apiPath(AGENT_ADMIN_ROUTES.statement(id)));

/** Approves, adjusts or withholds a statement; the queue (and the dashboard) is read again after it. */
export async function decideStatement(id: number, decision: StatementDecision) {
  try {
    return await command(apiPath(AGENT_ADMIN_ROUTES.decide(id)), decision);
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['agent-statements'] });
  }
}

export type Plan = z.infer<typeof planSchema>;

export const fetchPlans = () => api(planSchema.array(), apiPath(AGENT_ADMIN_ROUTES.plans));

/** Creates a plan with its version 1, or a plan's next version; the plans are read again after it. */
export async function savePlan(
  input:
    | { plan: z.input<typeof newPlanBodySchema> }
    | { id: number; version: z.input<typeof newVersionBodySchema> },
) {
  try {
    return 'plan' in input
      ? await command(apiPath(AGENT_ADMIN_ROUTES.plans), input.plan)
      : await command(apiPath(AGENT_ADMIN_ROUTES.planVersions(input.id)), input.version);
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['agent-plans'] });
  }
}

export type AgentRow = z.infer<typeof agentRowSchema>;
const agentsPage = pageOf(agentRowSchema);

/** One level of the agents' tree (`parent` 0: agents under no agent), or the agents named like `player`. */
export const fetchAgents = (filters: { parent: number; player: string }, paging: Query) =>
  api(agentsPage, apiPath(AGENT_ADMIN_ROUTES.agents), { query: { ...filters, ...paging } });

/** Gives an agent a plan (the audit log has the reason); the tree and the plans' counts are read again. */
export async function setAgentPlan(agentId: number, planId: number, reason: string) {
  try {
    return await command(apiPath(AGENT_ADMIN_ROUTES.agentPlan(agentId)), { plan_id: planId, reason });
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
    await queryClient.invalidateQueries({ queryKey: ['agent-plans'] });
  }
}

/** Moves a player (with their downline) under another agent; the tree is read again. */
export async function movePlayer(userId: number, agentId: number, reason: string) {
  try {
    return await command(apiPath(AGENT_ADMIN_ROUTES.move(userId)), { agent_id: agentId, reason });
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
  }
}

export const fetchCloseState = () => api(closeStateSchema, apiPath(AGENT_ADMIN_ROUTES.close));
