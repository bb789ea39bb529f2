import { rowSchema } from '@app/contract/admin/players';
import { gameChangeSchema, gameQuerySchema, VENUE_MSG, venueRowSchema } from '@app/contract/admin/venues';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { idParams, replies } from '../../lib/schemas';
import { consoleListRoute } from '../../plugins/console-list';
import { operatorOf } from '../../plugins/operator-access';
import { recordAudit } from '../audit/service';
import { gamePage, gameSettings, lockGame, updateGame, venueRows } from './console-repository';

/**
 * The operator API of the catalogue: the venues with their games counted, the games list, and a
 * game's settings (show or hide it, mark it hot or new, order it, set its category). Each change and
 * its audit row are one transaction; then every server process drops its game list (games.changed),
 * so that the player app's game list (its ETag) changes at once.
 */
export async function gameAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/api/venues',
    {
      config: { permission: 'venues.view' },
      schema: {
        tags: ['admin'],
        summary: '场馆列表：开关、维护状态与游戏数',
        response: replies(z.array(venueRowSchema)),
      },
    },
    async () => ok(await venueRows(ctx.db)),
  );
  consoleListRoute(app, {
    url: '/admin/api/games',
    permission: 'venues.view',
    tags: ['admin'],
    summary: '游戏列表：按场馆、分类、名称、显示状态筛选，分页',
    query: gameQuerySchema,
    row: rowSchema,
    page: (query) => gamePage(ctx.db, query),
  });
  r.post(
    '/admin/api/games/:id',
    {
      config: { permission: 'games.manage' },
      schema: {
        tags: ['admin'],
        summary: '设置游戏：显示或隐藏、热门、新游戏、排序、分类（玩家端游戏列表立即更新）',
        params: idParams('integer'),
        body: gameChangeSchema,
        response: replies(rowSchema),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason, app_state, is_hot, is_new, sort, category } = request.body;
      const after = await ctx.db.transaction(async (tx) => {
        const before = await lockGame(tx, id);
        if (!before) throw new AppError(404, VENUE_MSG.gameNotFound);
        const row = await updateGame(tx, id, {
          appState: app_state,
          isHot: is_hot,
          isNew: is_new,
          sort,
          category,
        });
        if (!row) throw new AppError(404, VENUE_MSG.gameNotFound);
        await recordAudit(tx, ctx.clock.now(), operatorOf(request).actor, {
          action: 'games.manage',
          targetType: 'game',
          targetId: `${row.venue}:${row.gameCode}`,
          reason,
          before: gameSettings(before),
          after: gameSettings(row),
        });
        return row;
      });
      await ctx.bus.publish('games.changed', { venue: after.venue });
      return ok({ id: after.id, ...gameSettings(after) });
    },
  );
}
