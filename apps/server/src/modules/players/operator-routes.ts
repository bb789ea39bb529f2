import { listQuerySchema, pageOf } from '@app/contract/admin/fields';
import {
  agentBodySchema,
  PLAYER_MSG,
  PLAYER_RECORD_LISTS,
  playerBalancesSchema,
  playerProfileSchema,
  playerSearchQuerySchema,
  reasonOnlyBodySchema,
  resetPasswordAnswerSchema,
  resetPasswordBodySchema,
  rowSchema,
  unlockBodySchema,
  vipBodySchema,
} from '@app/contract/admin/players';
import { beijingDay } from '@app/contract/time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendCsv } from '../../lib/csv';
import { done, ok } from '../../lib/envelope';
import { idOf, messageReplies, replies } from '../../lib/schemas';
import { consoleListRoute } from '../../plugins/console-list';
import { operatorOf } from '../../plugins/operator-access';
import * as pages from './operator-pages';

const tags = ['admin: players'];
const idParams = z.object({ id: idOf('bigint') });
const recordParams = idParams.extend({ list: z.enum(PLAYER_RECORD_LISTS as [string, ...string[]]) });
type RecordParams = { id: number; list: (typeof PLAYER_RECORD_LISTS)[number] };

/** The back office's players: search, a player's page and its lists, and the support actions. */
export async function playerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  consoleListRoute(app, {
    url: '/admin/api/players',
    permission: 'players.search',
    tags,
    summary: '搜索玩家：用户名、真实姓名、手机号、银行卡号或地址、注册或登录IP',
    query: playerSearchQuerySchema,
    row: rowSchema,
    page: (query, request) => pages.searchPlayers(ctx, operatorOf(request).actor, query),
  });

  r.get(
    '/admin/api/players/export',
    {
      config: { permission: 'players.export' },
      schema: { tags, summary: '导出玩家搜索结果（CSV）', querystring: playerSearchQuerySchema },
    },
    async (request, reply) => {
      const csv = await pages.exportPlayers(ctx, operatorOf(request).actor, request.query);
      return sendCsv(reply, `玩家-${beijingDay(ctx.clock.now())}`, csv);
    },
  );

  r.get(
    '/admin/api/players/:id',
    {
      config: { permission: 'players.view' },
      schema: { tags, summary: '玩家资料', params: idParams, response: replies(playerProfileSchema) },
    },
    async (request) => ok(await pages.playerProfile(ctx, operatorOf(request).actor, request.params.id)),
  );

  r.get(
    '/admin/api/players/:id/balances',
    {
      config: { permission: 'players.view' },
      schema: {
        tags,
        summary: '中心钱包与各场馆余额（实时查询场馆）',
        params: idParams,
        response: replies(playerBalancesSchema),
      },
    },
    async (request) => ok(await pages.playerBalances(ctx, request.params.id)),
  );

  r.get(
    '/admin/api/players/:id/records/:list',
    {
      config: { permission: 'players.records' },
      schema: {
        tags,
        summary: '玩家记录：登录、充值、取款、转账、投注、红包、返水、申请',
        params: recordParams,
        querystring: listQuerySchema,
        response: replies(pageOf(rowSchema)),
      },
    },
    async (request) => {
      const { id, list } = request.params as RecordParams;
      return ok(await pages.playerRecordsPage(ctx, operatorOf(request).actor, id, list, request.query));
    },
  );

  r.get(
    '/admin/api/players/:id/records/:list/export',
    {
      config: { permission: 'players.records' },
      schema: { tags, summary: '导出玩家记录（CSV）', params: recordParams, querystring: listQuerySchema },
    },
    async (request, reply) => {
      const { id, list } = request.params as RecordParams;
      const { csv, name } = await pages.playerRecordsCsv(
        ctx,
        operatorOf(request).actor,
        id,
        list,
        request.query,
      );
      return sendCsv(reply, name, csv);
    },
  );

  const actions = { tags, params: idParams, response: messageReplies };

  // The actions that take only the operator's reason.
  const reasonActions = [
    ['freeze', 'players.freeze', '冻结（立即结束其会话）', pages.freeze, '已冻结，该玩家的会话已结束'],
    ['unfreeze', 'players.unfreeze', '解冻', pages.unfreeze, '已解冻'],
    [
      'end-sessions',
      'players.end-sessions',
      '结束全部会话',
      pages.endPlayerSessions,
      '已结束该玩家的全部会话',
    ],
  ] as const;
  for (const [path, permission, summary, act, message] of reasonActions) {
    r.post(
      `/admin/api/players/:id/${path}`,
      { config: { permission }, schema: { ...actions, summary, body: reasonOnlyBodySchema } },
      async (request) => {
        await act(ctx, operatorOf(request).actor, request.params.id, request.body.reason);
        return done(message);
      },
    );
  }

  r.post(
    '/admin/api/players/:id/unlock',
    {
      config: { permission: 'players.unlock' },
      schema: { ...actions, summary: '解除登录或支付密码锁定', body: unlockBodySchema },
    },
    async (request) => {
      const { lock, reason } = request.body;
      await pages.unlock(ctx, operatorOf(request).actor, request.params.id, lock, reason);
      return done('已解除锁定');
    },
  );

  r.post(
    '/admin/api/players/:id/reset-password',
    {
      config: { permission: 'players.reset-password' },
      schema: {
        ...actions,
        summary: '重置登录或支付密码（随机密码只显示一次）',
        body: resetPasswordBodySchema,
        response: replies(resetPasswordAnswerSchema),
      },
    },
    async (request) => {
      const { which, reason } = request.body;
      return ok(await pages.resetPassword(ctx, operatorOf(request).actor, request.params.id, which, reason));
    },
  );

  r.post(
    '/admin/api/players/:id/agent',
    {
      config: { permission: 'players.set-agent' },
      schema: { ...actions, summary: '设置代理身份', body: agentBodySchema },
    },
    async (request) => {
      const { is_agent, reason } = request.body;
      await pages.setAgent(ctx, operatorOf(request).actor, request.params.id, is_agent, reason);
      return done(PLAYER_MSG.done);
    },
  );

  r.post(
    '/admin/api/players/:id/vip',
    {
      config: { permission: 'players.set-vip' },
      schema: { ...actions, summary: '设置VIP等级', body: vipBodySchema },
    },
    async (request) => {
      const { level, reason } = request.body;
      await pages.setVip(ctx, operatorOf(request).actor, request.params.id, level, reason);
      return done(PLAYER_MSG.done);
    },
  );
}
