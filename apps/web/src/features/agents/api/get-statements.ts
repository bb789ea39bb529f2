import { AGENT_ROUTES, type StatementSummary } from '@app/contract/agents';
import type { Page } from '@app/contract/paging';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';
import { agentKey } from './get-agent-overview';

export type { StatementSummary };

export const statementsKey = [...agentKey, 'statements'] as const;

/** GET /api/agent/statements?page: the agent's monthly statements, newest month first. */
export const getStatements = ({ page, signal }: RecordsPageQuery): Promise<Page<StatementSummary>> =>
  apiData(AGENT_ROUTES.statements, schemas.statementsPage, { method: 'GET', query: { page }, signal });
