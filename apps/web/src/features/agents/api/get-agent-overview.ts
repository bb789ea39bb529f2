import { AGENT_ROUTES, type AgentOverview } from '@app/contract/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { AgentOverview };

/** Root of every agent-centre query: adding a link or a new month invalidates under it. */
export const agentKey = ['agent'] as const;

/**
 * GET /api/agent/overview: this Beijing month so far and last month's statement. A non-agent's 403
 * (您还不是代理…) is not toasted: the page shows it in place.
 */
export const getAgentOverview = (signal?: AbortSignal) =>
  apiData(AGENT_ROUTES.overview, schemas.agentOverview, { method: 'GET', signal, toastError: false });

export const agentOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...agentKey, 'overview'] as const,
    queryFn: ({ signal }) => getAgentOverview(signal),
    retry: false,
  });

export const useAgentOverview = () => useQuery(agentOverviewQueryOptions());
