import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

/** GET /api/getAgentLoginUrl: the agent back office's login page (spec 2, /gamePage?dailiD=1). */
export async function getAgentLoginUrl(): Promise<string> {
  const { url } = await apiData('/api/getAgentLoginUrl', schemas.url, { method: 'GET' });
  return url;
}
