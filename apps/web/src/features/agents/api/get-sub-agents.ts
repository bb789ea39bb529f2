import { AGENT_ROUTES } from '@app/contract/agents';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';
import { agentKey } from './get-agent-overview';

export const subAgentsKey = [...agentKey, 'sub-agents'] as const;

/** GET /api/agent/sub-agents?date&page: the agent's direct sub-agents, one page. */
export const getSubAgents = ({ date, page, signal }: RecordsPageQuery) =>
  apiData(AGENT_ROUTES.subAgents, schemas.subAgentsPage, { method: 'GET', query: { date, page }, signal });

/** One row of the list, as the contract's schema types it. */
export type SubAgent = Awaited<ReturnType<typeof getSubAgents>>['data'][number];
