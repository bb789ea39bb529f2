import {
  ADJUSTMENT_DIRECTIONS,
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  adjustmentDecisionSchema,
  adjustmentQuerySchema,
  adjustmentStateLabel,
  ledgerHistoryQuerySchema,
  ledgerHistorySchema,
} from '@app/contract/admin/money';
import { rowSchema } from '@app/contract/admin/players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { idParams, messageReplies, replies } from '../../lib/schemas';
import { consoleListRoute } from '../../plugins/console-list';
import { operatorOf } from '../../plugins/operator-access';
import { reviewerOf } from '../money-review/service';
import { adjustmentPage, decideAdjustment, requestAdjustment } from './adjustments';
import { playerLedger } from './ledger-history';

const tags = ['admin: player money'];

/** A player's money in the console: ledger history, manual credits and debits (four-eyes above the threshold). */
export async function playerMoneyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/api/players/:id/ledger',
    {
      config: { permission: 'players.ledger' },
      schema: {
        tags,
        summary: '玩家中心钱包的账本流水（新到旧，按 before 翻页）',
        params: idParams('bigint'),
        querystring: ledgerHistoryQuerySchema,
        response: replies(ledgerHistorySchema),
      },
    },
    async (request) =>
      ok(await playerLedger(ctx, operatorOf(request).actor, request.params.id, request.query)),
  );

  r.post(
    '/admin/api/players/:id/adjustments',
    {
      config: { permission: 'adjustments.request' },
      schema: {
        tags,
        summary: '人工加款或扣款（经账本；超过双人复核金额需另一名操作员复核；可带 key，重复提交不重复调账）',
        params: idParams('bigint'),
        body: adjustmentBodySchema,
        response: replies(adjustmentAnswerSchema),
      },
    },
    async (request) => {
      const actor = reviewerOf(operatorOf(request).actor);
      const answer = await requestAdjustment(ctx, actor, request.params.id, request.body);
      const message = answer.replayed
        ? `该 key 已提交过，未重复调账（${adjustmentStateLabel(answer.state)}）`
        : answer.state === 'pending'
          ? '金额超过双人复核金额，已提交，等待另一名操作员复核'
          : `${ADJUSTMENT_DIRECTIONS[request.body.direction]}成功`;
      return ok(answer, message);
    },
  );

  consoleListRoute(app, {
    url: '/admin/api/adjustments',
    permission: 'adjustments.view',
    tags,
    summary: '人工调账记录（默认待复核）',
    query: adjustmentQuerySchema,
    row: rowSchema,
    page: (query) => adjustmentPage(ctx, query),
  });

  r.post(
    '/admin/api/adjustments/:id/decide',
    {
      config: { permission: 'adjustments.approve' },
      schema: {
        tags,
        summary: '复核人工调账：通过（入账）或拒绝；申请人不能复核自己的申请',
        params: idParams('bigint'),
        body: adjustmentDecisionSchema,
        response: messageReplies,
      },
    },
    async (request) => {
      const { decision, note } = request.body;
      await decideAdjustment(ctx, reviewerOf(operatorOf(request).actor), request.params.id, decision, note);
      return done(decision === 'approve' ? '复核通过，已入账' : '已拒绝该调账申请');
    },
  );
}
