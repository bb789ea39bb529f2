import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerBackOffice } from './back-office';
import type { TrustProxy } from './config';
import type { AppContext } from './context';
import { agentRoutes } from './modules/agents/player-routes';
import { authRoutes } from './modules/auth/player-routes';
import { cardRoutes } from './modules/cards/player-routes';
import { contentRoutes } from './modules/content/player-routes';
import { depositRoutes } from './modules/deposits/player-routes';
import { eventRoutes } from './modules/events/player-routes';
import { gameRoutes } from './modules/games/player-routes';
import { accountRoutes } from './modules/players/player-routes';
import { protectionRoutes } from './modules/protection/player-routes';
import { rewardRoutes } from './modules/rewards/player-routes';
import { securityRoutes } from './modules/security/player-routes';
import { siteRoutes } from './modules/settings/player-routes';
import { signInRoutes } from './modules/sign-in/player-routes';
import { transactionRoutes } from './modules/transactions/player-routes';
import { vipRoutes } from './modules/vip/player-routes';
import { walletRoutes } from './modules/wallet/player-routes';
import { withdrawalRoutes } from './modules/withdrawals/player-routes';
import { sandboxRoutes } from './payments/sandbox/routes';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { type Lifecycle, registerHealth } from './plugins/health';
import { registerInputGuard } from './plugins/input-guard';
import { Pressure, registerReadiness, sheddingServer } from './plugins/overload';
import { type PlayerRoutes, registerPlayerModule } from './plugins/player-module';
import { registerRequestObservability, requestId } from './plugins/request-observability';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { demoGameRoutes } from './venues/demo/games/routes';

export interface BuildOptions {
  /** Serve the built player app at `/` and the operator console at `/admin/` (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Shared with the shutdown, which marks it draining; readiness reads it. */
  lifecycle?: Lifecycle;
}

/** API answers below this many bytes go out as they are: compressing them costs more than it saves. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/** Fastify's trustProxy for a configured TRUST_PROXY (a hop count becomes "the nearest N hops"). */
const trusted = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** The player API's modules: each in its own scope, its routes behind a session unless public. */
export const PLAYER_MODULES: readonly PlayerRoutes[] = [
  signInRoutes,
  authRoutes,
  accountRoutes,
  siteRoutes,
  walletRoutes,
  cardRoutes,
  withdrawalRoutes,
  depositRoutes,
  transactionRoutes,
  gameRoutes,
  contentRoutes,
  vipRoutes,
  agentRoutes,
  rewardRoutes,
  protectionRoutes,
  securityRoutes,
  eventRoutes,
];

/** Builds the server: external plugins first, then ours, then the domain routes. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const pressure = new Pressure(ctx.config.overload, ctx.pool, (excess) => ctx.metrics.shed(excess));
  const app = Fastify({
    // Past its capacity the server sheds a request before Fastify sees it (plugins/overload.ts).
    serverFactory: sheddingServer(pressure, ctx.config.timeouts),
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
    // Forwarded headers speak for the client only when they come from a configured proxy: otherwise any
    // client could choose its address for the rate limits and the recorded session address.
    trustProxy: trusted(ctx.config.trustProxy),
    // x-request-id: the caller's when well formed, else a new one; in every log line of the request.
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within its time-out; a body that never finishes is
    // dropped (set on the server by sheddingServer).
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

  registerRequestObservability(app, ctx.metrics);
  registerReadiness(app, pressure);
  registerErrorHandling(app);
  registerInputGuard(app);
  await ctx.bus.start(app.log);
  app.addHook('onClose', () => ctx.bus.close());
  // Open streams would hold the server's close: they end first, and their clients reconnect elsewhere.
  app.addHook('preClose', () => ctx.events.close());
  await registerSecurity(app, ctx.config, ctx.db);
  // JSON, HTML and SVG the routes answer, compressed as the client accepts when large enough (the
  // game list, record pages). The player app's files carry their build-time compression already.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await registerDocs(app);
  registerHealth(app, ctx.db, options.lifecycle ?? { draining: false });

  // First: the sandbox adds its form parser to the root, and a module's scope has the parsers the
  // root has when the module registers (as when the player routes sat on the root).
  await sandboxRoutes(app, ctx.gateway);
  for (const routes of PLAYER_MODULES) await registerPlayerModule(app, ctx, routes);
  await demoGameRoutes(app, ctx);
  await registerBackOffice(app, ctx, { serveConsole: options.serveWeb ?? false });

  if (options.serveWeb) await registerWeb(app, ctx.config.webDist);
  return app;
}
