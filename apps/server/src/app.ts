import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerBackOffice } from './back-office';
import type { AppContext } from './context';
import { accountRoutes } from './modules/account/routes';
import { authRoutes } from './modules/auth/routes';
import { cardRoutes } from './modules/cards/routes';
import { contentRoutes } from './modules/content/routes';
import { depositRoutes } from './modules/deposits/routes';
import { gameRoutes } from './modules/games/routes';
import { rewardRoutes } from './modules/rewards/routes';
import { siteRoutes } from './modules/site/routes';
import { transactionRoutes } from './modules/transactions/routes';
import { userRoutes } from './modules/user/routes';
import { walletRoutes } from './modules/wallet/routes';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import { sandboxRoutes } from './payments/sandbox/routes';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { demoGameRoutes } from './venues/demo/games/routes';

export interface BuildOptions {
  /** Serve the built player app at `/` and the operator console at `/admin/` (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

/** Builds the server: external plugins first, then ours, then the domain routes. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.body.password',
              'req.body.paypassword',
            ],
          },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Clients of the original product POST with a JSON content type and no body: read that as {}.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });

  registerErrorHandling(app);
  await registerSecurity(app, ctx.config);
  await registerDocs(app);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await ctx.db.execute('SELECT 1');
    return { status: 'ok' };
  });

  await authRoutes(app, ctx);
  await userRoutes(app, ctx);
  await siteRoutes(app, ctx);
  await walletRoutes(app, ctx);
  await cardRoutes(app, ctx);
  await withdrawalRoutes(app, ctx);
  await depositRoutes(app, ctx);
  await transactionRoutes(app, ctx);
  await sandboxRoutes(app, ctx.gateway);
  await gameRoutes(app, ctx);
  await contentRoutes(app, ctx);
  await rewardRoutes(app, ctx);
  await accountRoutes(app, ctx);
  await demoGameRoutes(app, ctx);
  await registerBackOffice(app, ctx, { serveConsole: options.serveWeb ?? false });

  if (options.serveWeb) await registerWeb(app, ctx.config.webDist);
  return app;
}
