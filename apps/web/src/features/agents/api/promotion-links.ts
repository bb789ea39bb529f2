import { AGENT_ROUTES, type PromotionLink } from '@app/contract/agents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { agentKey } from './get-agent-overview';

export type { PromotionLink };

const linksKey = [...agentKey, 'links'] as const;

/** GET /api/agent/links: the agent's invitation links (the first is their own pid link) and counts. */
export const getPromotionLinks = (signal?: AbortSignal) =>
  apiData(AGENT_ROUTES.links, schemas.promotionLinks, { method: 'GET', signal });

export const promotionLinksQueryOptions = () =>
  queryOptions({ queryKey: linksKey, queryFn: ({ signal }) => getPromotionLinks(signal) });

export const usePromotionLinks = () => useQuery(promotionLinksQueryOptions());

/** POST /api/agent/links {name}: a new named link; the list is asked again. */
export function useAddPromotionLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiResult(AGENT_ROUTES.links, schemas.promotionLink, { body: { name }, loading: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: linksKey }),
  });
}
