import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppContext } from '../context';
import { sessionHook } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route open without a login, said explicitly: in a player module, a route for visitors
     * (login, register, site information, lists, pictures) that reads the session when a token
     * comes and does not require it; in the back office, what it serves to anyone outside the
     * operator API. Every other route requires a player's session or an operator's permission.
     */
    public?: boolean;
  }
}

/** A player module's routes, as each `modules/<name>/routes.ts` exports them. */
export type PlayerRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

const hooksOf = (hooks: RouteOptions['onRequest']) =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Registers a player module as an encapsulated plugin with authentication on by default: each of
 * its routes requires a live session unless it says `config: { public: true }`, in which case the
 * session is read when present. The check is chosen once per route, when it is declared, and runs
 * first among the route's own onRequest hooks: before its rate limit, as a guard written on the
 * route did, so a caller without a session never spends the route's attempts.
 */
export async function registerPlayerModule(
  app: FastifyInstance,
  ctx: AppContext,
  routes: PlayerRoutes,
): Promise<void> {
  const required = sessionHook(ctx, true);
  const optional = sessionHook(ctx, false);
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      const session = route.config?.public === true ? optional : required;
      route.onRequest = [session, ...hooksOf(route.onRequest)];
    });
    await routes(scope, ctx);
  });
}
