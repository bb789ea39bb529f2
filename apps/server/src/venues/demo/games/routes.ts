import fs from 'node:fs';
import { centsToAmount } from '@app/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/envelope';
import { AppError, badInput } from '../../../lib/errors';
import { closedPage, gamePage } from './page';
import { GAME_SESSION_ENDED, playBodySchemas } from './play';
import { SESSION_TTL_MS } from './sessions';

const COOKIE = 'dv_session';
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const asset = (name: string) => fs.readFileSync(new URL(`./client/${name}`, import.meta.url), 'utf8');
const ASSETS = {
  'game.js': { body: asset('game.js'), type: 'text/javascript; charset=utf-8' },
  'game.css': { body: asset('game.css'), type: 'text/css; charset=utf-8' },
} as const;

function cookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(body);

/**
 * The demo venue's own web pages: the launch link (exchanged once for a session cookie), the game
 * page, its script and style, and the calls the page makes. It reaches the platform through
 * nothing but the venue wallets it keeps.
 */
export async function demoGameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const venue = ctx.demoVenue;
  const hide = { hide: true };
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';

  const session = async (request: FastifyRequest) => {
    const found = await venue.sessions.find(cookieOf(request));
    if (!found) throw new AppError(401, GAME_SESSION_ENDED);
    return found;
  };

  r.get(
    '/venue/demo/launch',
    { schema: { ...hide, querystring: z.object({ token: z.string().max(600).default('') }) } },
    async (request, reply) => {
      const opened = await venue.sessions.open(request.query.token);
      if (typeof opened === 'string') {
        const why = { invalid: '链接无效', expired: '链接已过期', used: '链接已使用', ended: '链接已失效' }[
          opened
        ];
        return html(reply, closedPage(`${why}，请返回重新进入游戏`), 403);
      }
      return reply
        .header(
          'set-cookie',
          `${COOKIE}=${opened.id}; Path=/venue/demo; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}${secure}`,
        )
        .redirect('/venue/demo/game', 303);
    },
  );

  r.get('/venue/demo/game', { schema: hide }, async (request, reply) => {
    const found = await venue.sessions.find(cookieOf(request));
    const game = found && (await venue.play.game(found.venue, found.gameCode));
    if (!found || !game) return html(reply, closedPage(GAME_SESSION_ENDED), 401);
    const venueName = (await ctx.venues.find(found.venue))?.name ?? found.venue;
    return html(reply, gamePage(game, venueName));
  });

  r.get(
    '/venue/demo/assets/:name',
    { schema: { ...hide, params: z.object({ name: z.enum(['game.js', 'game.css']) }) } },
    async (request, reply) => {
      const file = ASSETS[request.params.name];
      return reply
        .header('content-type', file.type)
        .header('cache-control', 'public, max-age=300')
        .send(file.body);
    },
  );

  r.get('/venue/demo/api/state', { schema: hide }, async (request, reply) => {
    const found = await session(request);
    reply.header('cache-control', 'no-store');
    const reality = found.reality;
    return ok({
      balance: centsToAmount(await venue.play.balance(found)),
      // The reality check: the page reminds the player every `minutes` since the login.
      reality:
        reality && reality.minutes > 0
          ? {
              minutes: reality.minutes,
              logged_in_at: reality.loggedInAt.getTime(),
              now: ctx.clock.now().getTime(),
              net: centsToAmount(await venue.play.netSince(found, reality.loggedInAt)),
            }
          : null,
    });
  });

  r.post('/venue/demo/api/play', { schema: hide }, async (request, reply) => {
    const found = await session(request);
    const game = await venue.play.game(found.venue, found.gameCode);
    if (!game) throw new AppError(404, '游戏不存在');
    const parsed = playBodySchemas[game.engine].safeParse(request.body ?? {});
    if (!parsed.success) throw badInput('投注参数错误');
    const round = await venue.play.play(found, game.engine, parsed.data, ctx.clock.now());
    reply.header('cache-control', 'no-store');
    return ok({
      bet_id: round.betId,
      stake: centsToAmount(round.stake),
      payout: centsToAmount(round.payout),
      balance: centsToAmount(round.balance),
      detail: round.detail,
    });
  });
}
