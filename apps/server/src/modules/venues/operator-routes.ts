import { reasonField } from '@app/contract/admin/fields';
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
import {
  gamePage,
  gameSettings,
  lockGame,
  lockVenue,
  updateGame,
  updateVenueStatus,
  venueRows,
} from './repository';

const statusBody = z
  .object({
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    reason: reasonField,
  })
  .refine(
    (b) => b.enabled !== undefined || b.maintenance !== undefined,
    '参数错误：请给出 enabled 或 maintenance',
  );
const venueStatus = z.object({ code: z.string(), enabled: z.boolean(), maintenance: z.boolean() });

/**
 * The operator API of the venues and games: open, close, or put a venue into maintenance; show or
 * hide a game, mark it hot or new, order it, set its category. Each change and its audit row are one
 * transaction; then every server process drops its venue list (venues.changed) or its game list
 * (games.changed), so that no process lets a player move money into a venue in maintenance and the
 * player app's game list (its ETag) changes at once.
 */
export async function venueAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
  r.post(
    '/admin/api/venues/:code/status',
    {
      config: { permission: 'venues.manage' },
      schema: {
        tags: ['admin'],
        summary: '开关场馆或设置维护（所有服务进程立即生效）',
        params: z.object({ code: z.string().regex(/^[a-z0-9_]{1,16}$/, '参数错误：场馆代码不正确') }),
        body: statusBody,
        response: replies(venueStatus),
      },
    },
    async (request) => {
      const { code } = request.params;
      const { reason, ...change } = request.body;
      const after = await ctx.db.transaction(async (tx) => {
        const before = await lockVenue(tx, code);
        if (!before) throw new AppError(404, VENUE_MSG.venueNotFound);
        const row = await updateVenueStatus(tx, code, change);
        if (!row) throw new AppError(404, VENUE_MSG.venueNotFound);
        await recordAudit(tx, ctx.clock.now(), operatorOf(request).actor, {
          action: 'venues.manage',
          targetType: 'venue',
          targetId: code,
          reason,
          before: { enabled: before.enabled, maintenance: before.maintenance },
          after: { enabled: row.enabled, maintenance: row.maintenance },
        });
        return { code, enabled: row.enabled, maintenance: row.maintenance };
      });
      await ctx.bus.publish('venues.changed', { code });
      return ok(after);
    },
  );
}
