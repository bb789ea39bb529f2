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

/**
 * The back office (DESIGN.md section 12): the access check every operator route goes through, the
 * operator API's modules, and (`serveConsole`) the console's bundle at /admin/.
 */
export async function registerBackOffice(
  app: FastifyInstance,
  ctx: AppContext,
  options: { serveConsole: boolean },
): Promise<void> {
  registerOperatorAccess(app, ctx);
  await operatorRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await playerRoutes(app, ctx);
  await adminRoutes(app, ctx);
  await venueAdminRoutes(app, ctx);
  await moneyReviewRoutes(app, ctx);
  await playerMoneyRoutes(app, ctx);
  await securitySettingsRoutes(app, ctx);
  await protectionAdminRoutes(app, ctx);
  await contentAdminRoutes(app, ctx);
  await reportRoutes(app, ctx);
  await applicationRoutes(app, ctx);
  await configRoutes(app, ctx);
  if (options.serveConsole) registerAdminConsole(app, ctx.config);
}
