import {
  betRecordBodySchema,
  betRecordPageSchema,
  conciseGameSchema,
  gameCodeBodySchema,
  gameSchema,
  gameUrlBodySchema,
} from '@app/contract/games';
import { urlDataSchema } from '@app/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { gameTileSvg, platformLogoSvg } from './art';
import { betRecords } from './bets';
import { conciseGames, gameList } from './catalogue';
import { gameUrl } from './launch';
import { findGame } from './repository';

export async function gameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];

  r.get(
    '/api/game/list',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '游戏列表（ETag）',
        response: { ...replies(z.array(gameSchema)), 304: z.null() },
      },
    },
    async (request, reply) => {
      const { list, etag } = await gameList(ctx);
      // The list may be kept and revalidated (the API's default is no-store).
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return ok(list);
    },
  );

  r.post(
    '/api/gamelistBycode',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '电子游戏（按平台）',
        body: gameCodeBodySchema,
        response: replies(z.array(conciseGameSchema)),
      },
    },
    async (request) => ok(await conciseGames(ctx, request.body.gamecode)),
  );

  r.post(
    '/api/getGameUrl',
    {
      config: perMinute(120),
      schema: {
        tags,
        summary: '进入游戏（自动免转时先转入场馆）',
        body: gameUrlBodySchema,
        response: replies(urlDataSchema),
      },
    },
    async (request) =>
      ok(await gameUrl(ctx, authOf(request), request.body.plat_name, request.body.game_code)),
  );

  r.post(
    '/api/betrecord',
    {
      schema: {
        tags,
        summary: '投注记录',
        body: betRecordBodySchema,
        response: replies(betRecordPageSchema),
      },
    },
    async (request) => {
      const { date, page, api_type } = request.body;
      return ok(await betRecords(ctx, authOf(request).userId, { days: date, page, platform: api_type }));
    },
  );

  const svg = { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' };
  r.get(
    '/art/games/:venue/:file',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: z.object({ venue: z.string().max(16), file: z.string().regex(/^[a-z0-9]{1,32}\.svg$/) }),
      },
    },
    async (request, reply) => {
      const game = await findGame(ctx.db, request.params.venue, request.params.file.replace(/\.svg$/, ''));
      if (!game) throw new AppError(404, '图片不存在');
      return reply
        .headers(svg)
        .send(
          gameTileSvg({ code: game.gameCode, name: game.name, engine: game.engine, category: game.category }),
        );
    },
  );

  r.get(
    '/art/platforms/:file',
    {
      config: { public: true },
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9]{1,16}\.svg$/) }) },
    },
    async (request, reply) => {
      const venue = await ctx.venues.find(request.params.file.replace(/\.svg$/, ''));
      if (!venue) throw new AppError(404, '图片不存在');
      return reply.headers(svg).send(platformLogoSvg({ code: venue.code, name: venue.name }));
    },
  );
}
