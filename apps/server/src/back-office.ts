import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { adminRoutes } from './modules/admin/routes';
import { applicationRoutes } from './modules/applications/routes';
import { auditRoutes } from './modules/audit/routes';
import { configRoutes } from './modules/config/routes';
import { contentAdminRoutes } from './modules/content-admin/routes';
import { moneyReviewRoutes } from './modules/money-review/routes';
import { operatorRoutes } from './modules/operators/routes';
import { playerMoneyRoutes } from './modules/player-money/routes';
import { playerRoutes } from './modules/players/routes';
import { protectionAdminRoutes } from './modules/protection/admin-routes';
import { reportRoutes } from './modules/reports/routes';
import { securitySettingsRoutes } from './modules/security/settings-routes';
import { venueAdminRoutes } from './modules/venues/routes';
import { registerAdminConsole } from './plugins/admin-console';
import { registerOperatorAccess } from './plugins/operator-access';

/** The operator API's modules, in the back office's scope. */
const OPERATOR_MODULES = [
  operatorRoutes,
  auditRoutes,
  playerRoutes,
  adminRoutes,
  venueAdminRoutes,
  moneyReviewRoutes,
  playerMoneyRoutes,
  securitySettingsRoutes,
  protectionAdminRoutes,
  contentAdminRoutes,
  reportRoutes,
  applicationRoutes,
  configRoutes,
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
