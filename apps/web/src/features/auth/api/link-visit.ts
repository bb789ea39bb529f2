import { AGENT_ROUTES } from '@app/contract/agents';
import { apiRequest } from '@/shared/api/client';
import type { Referral } from '@/shared/routes/referral';

/** The links whose visit this page load has reported: each is counted once per load of the app. */
const reported = new Set<string>();

/**
 * POST /api/agent/link-visit: counts a visit of an agent's link (the link's code, or the agent's
 * own link by pid). Once per page load and link; a failure is no concern of the visitor's.
 */
export function reportLinkVisit({ pid, referrer }: Referral): void {
  const key = `${pid ?? ''}|${referrer ?? ''}`;
  if (reported.has(key)) return;
  reported.add(key);
  apiRequest(AGENT_ROUTES.visit, {
    body: { pid, referrer },
    toastError: false,
    handleUnauthorized: false,
  }).catch(() => {});
}
