import { AGENT_ROUTES } from '@app/contract/agents';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';
import { agentKey } from './get-agent-overview';

export const agentMembersKey = [...agentKey, 'members'] as const;

/** GET /api/agent/members?date&page: the agent's direct players, one page. */
export const getAgentMembers = ({ date, page, signal }: RecordsPageQuery) =>
  apiData(AGENT_ROUTES.members, schemas.agentMembersPage, { method: 'GET', query: { date, page }, signal });

/** One row of the list, as the contract's schema types it. */
export type AgentMember = Awaited<ReturnType<typeof getAgentMembers>>['data'][number];
