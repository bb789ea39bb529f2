import {
  AGENT_ADMIN_ROUTES,
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
import { api, command, download, type Query } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

/** The contract's routes are absolute (/admin/api/...); the client adds that prefix itself. */
const rel = (path: string) => path.replace(/^\/admin\/api/, '');

export type StatementFilters = Pick<StatementQuery, 'state' | 'month' | 'agent'>;

const statementsPage = pageOf(statementRowSchema);

/** One page of the statements queue; rows as the DataTable shows them (STATEMENT_COLUMNS). */
export const fetchStatements = async (filters: StatementFilters, paging: Query) => {
  const page = await api(statementsPage, rel(AGENT_ADMIN_ROUTES.statements), {
    query: { ...filters, ...paging },
  });
  return { ...page, data: page.data as Row[] };
};

/** The whole filtered queue as the server's CSV. */
export const exportStatements = (filters: StatementFilters, paging: Query) =>
  download(rel(AGENT_ADMIN_ROUTES.statementsCsv), { ...filters, ...paging });

export const fetchStatement = (id: number) => api(statementSchema, rel(AGENT_ADMIN_ROUTES.statement(id)));

/** Approves, adjusts or withholds a statement; the queue (and the dashboard) is read again after it. */
export async function decideStatement(id: number, decision: StatementDecision) {
  try {
    return await command(rel(AGENT_ADMIN_ROUTES.decide(id)), decision);
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['agent-statements'] });
  }
}

export const fetchPlans = () => api(planSchema.array(), rel(AGENT_ADMIN_ROUTES.plans));

/** Creates a plan with its version 1, or a plan's next version; the plans are read again after it. */
export async function savePlan(
  input:
    | { plan: z.input<typeof newPlanBodySchema> }
    | { id: number; version: z.input<typeof newVersionBodySchema> },
) {
  try {
    return 'plan' in input
      ? await command(rel(AGENT_ADMIN_ROUTES.plans), input.plan)
      : await command(rel(AGENT_ADMIN_ROUTES.planVersions(input.id)), input.version);
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['agent-plans'] });
  }
}
