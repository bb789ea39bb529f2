import type { AppContext } from '../../context';
import { requireAgent } from './centre-api';

/** The player app's agent centre (apps/web, route /agent), as an address of the app. */
const AGENT_CENTRE_URL = '/#/agent';

/**
 * The agent login URL (spec getAgentLoginUrl, /gamePage?dailiD=1): the agent centre in the player
 * app, for agents only (a non-agent gets the 403 您还不是代理…). The app navigates to it in place.
 */
export async function agentLoginUrl(ctx: AppContext, userId: number) {
  await requireAgent(ctx, userId);
  return { url: AGENT_CENTRE_URL };
}
