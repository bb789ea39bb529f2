import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { adminRoutes } from './modules/admin/operator-routes';
import { agentOperatorRoutes } from './modules/agents/operator-routes';
import { applicationRoutes } from './modules/applications/operator-routes';
import { auditRoutes } from './modules/audit/operator-routes';
import { contentAdminRoutes } from './modules/content/operator-routes';
import { eventAdminRoutes } from './modules/events/operator-routes';
import { gameAdminRoutes } from './modules/games/operator-routes';
import { moneyReviewRoutes } from './modules/money-review/operator-routes';
import { operatorRoutes } from './modules/operators/operator-routes';
import { playerMoneyRoutes } from './modules/player-money/operator-routes';
import { playerAdminRoutes } from './modules/players/operator-routes';
import { protectionAdminRoutes } from './modules/protection/operator-routes';
import { reportRoutes } from './modules/reports/operator-routes';
import { securitySettingsRoutes } from './modules/security/operator-routes';
import { configRoutes } from './modules/settings/operator-routes';
import { venueAdminRoutes } from './modules/venues/operator-routes';
import { registerAdminConsole } from './plugins/admin-console';
import { registerOperatorAccess } from './plugins/operator-access';

/** The operator API's modules, in the back office's scope. */
const OPERATOR_MODULES = [
  operatorRoutes,
  auditRoutes,
  playerAdminRoutes,
  adminRoutes,
  gameAdminRoutes,
  venueAdminRoutes,
  moneyReviewRoutes,
  playerMoneyRoutes,
  securitySettingsRoutes,
  protectionAdminRoutes,
  contentAdminRoutes,
  reportRoutes,
  applicationRoutes,
  agentOperatorRoutes,
  configRoutes,
  eventAdminRoutes,
];

/**
 * The back office (DESIGN.md section 12): its own scope, where every route goes through the access
 * check and declares what it requires; the operator API's modules; and (`serveConsole`) the
 * console's bundle at /admin/.
 */
export async function registerBackOffice(
  app: FastifyInstance,
  ctx: AppContext,
  options: { serveConsole: boolean },
): Promise<void> {
  await app.register(async (office) => {
    registerOperatorAccess(office, ctx);
    for (const routes of OPERATOR_MODULES) await routes(office, ctx);
  });
  if (options.serveConsole) registerAdminConsole(app, ctx.config);
}
