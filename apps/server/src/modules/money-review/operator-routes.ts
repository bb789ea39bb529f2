import { listQuerySchema } from '@app/contract/admin/fields';
import {
  claimBodySchema,
  decisionAnswerSchema,
  decisionBodySchema,
  MONEY_MSG,
  REVIEW_QUEUES,
  type ReviewQueue,
  reviewQueueQuerySchema,
  reviewSettingsBodySchema,
  settleTransferAnswerSchema,
  withdrawalRiskSchema,
} from '@app/contract/admin/money';
import { rowSchema } from '@app/contract/admin/players';
import { toBeijingString } from '@app/contract/time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { messageReplies, replies } from '../../lib/schemas';
import { consoleListRoute } from '../../plugins/console-list';
import { operatorOf } from '../../plugins/operator-access';
import { operatorSettingRoutes } from '../../plugins/setting-routes';
import { recordAudit } from '../audit/service';
import { reviewSetting } from '../settings/service';
import { claim, decide, KIND_OF_QUEUE, release, reviewerOf } from './decisions';
import { depositQueue, withdrawalQueue } from './queues';
import { withdrawalRisk } from './risk';
import { pendingTransfers, settleTransferNow } from './transfers';

const tags = ['admin: money review'];

const QUEUES = {
  deposits: { list: depositQueue, view: 'deposits.view', review: 'deposits.review' },
  withdrawals: { list: withdrawalQueue, view: 'withdrawals.view', review: 'withdrawals.review' },
} as const;

/**
 * The console's money review: the deposit and withdrawal queues, claims, decisions (once, with
 * their audit row in the same transaction; four-eyes above the threshold), withdrawal risk and the
 * four-eyes setting. The operator API's `/approve` and `/reject`
 * (admin/routes.ts, `npm run ops`) claim and decide through the same decision.
 */
export async function moneyReviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, queue] of Object.entries(QUEUES) as [ReviewQueue, (typeof QUEUES)[ReviewQueue]][]) {
    const name = REVIEW_QUEUES[path];
    const kind = KIND_OF_QUEUE[path];
    consoleListRoute(app, {
      url: `/admin/api/review/${path}`,
      permission: queue.view,
      tags,
      summary: `${name}队列：按状态、玩家、金额、渠道、日期筛选，分页`,
      query: reviewQueueQuerySchema,
      row: rowSchema,
      page: (query) => queue.list(ctx, query),
    });
    r.post(
      `/admin/api/review/${path}/claim`,
      {
        config: { permission: queue.review },
        schema: {
          tags,
          summary: `领取${name}订单（数分钟内他人不能审核）`,
          body: claimBodySchema,
          response: replies(z.object({ claimed_until: z.string() })),
        },
      },
      async (request) => {
        const actor = reviewerOf(operatorOf(request).actor);
        const { claimed_until } = await claim(ctx, actor, kind, request.body.order_no);
        return ok({ claimed_until: toBeijingString(claimed_until) }, '已领取');
      },
    );
    r.post(
      `/admin/api/review/${path}/release`,
      {
        config: { permission: queue.review },
        schema: { tags, summary: `释放已领取的${name}订单`, body: claimBodySchema, response: messageReplies },
      },
      async (request) => {
        await release(ctx, reviewerOf(operatorOf(request).actor), kind, request.body.order_no);
        return done('已释放');
      },
    );
    r.post(
      `/admin/api/review/${path}/decide`,
      {
        config: { permission: queue.review },
        schema: {
          tags,
          summary: `审核${name}订单：通过或拒绝（需先领取；大额取款需双人复核）`,
          body: decisionBodySchema,
          response: replies(decisionAnswerSchema),
        },
      },
      async (request) => {
        const { order_no, decision, note } = request.body;
        const actor = reviewerOf(operatorOf(request).actor);
        const { outcome } = await decide(ctx, actor, kind, order_no, decision, note);
        const message =
          outcome === 'first-approval'
            ? MONEY_MSG.firstApproval
            : decision === 'approve'
              ? '已通过'
              : '已拒绝';
        return ok({ outcome }, message);
      },
    );
  }

  r.get(
    '/admin/api/review/withdrawals/:order_no/risk',
    {
      config: { permission: 'withdrawals.view' },
      schema: {
        tags,
        summary: '取款风控信息：剩余打码量、近30天存取款与输赢、账户年龄、近期改密改卡、共用银行卡或IP的玩家',
        params: z.object({ order_no: z.string().min(1).max(32) }),
        response: replies(withdrawalRiskSchema),
      },
    },
    async (request) => {
      const actor = reviewerOf(operatorOf(request).actor);
      const risk = await withdrawalRisk(ctx, request.params.order_no, actor.operatorId);
      await recordAudit(ctx.db, ctx.clock.now(), actor, {
        action: 'withdrawals.view',
        targetType: 'withdrawal',
        targetId: request.params.order_no,
        after: { risk: true, player_id: risk.player_id },
      });
      return ok(risk);
    },
  );

  operatorSettingRoutes(app, ctx, {
    url: '/admin/api/review/settings',
    setting: reviewSetting,
    body: reviewSettingsBodySchema,
    tags,
    read: { permission: 'withdrawals.view', summary: '双人复核金额' },
    write: {
      permission: 'settings.review',
      summary: '修改双人复核金额（超过该金额的取款通过与人工调账需另一名操作员复核）',
    },
  });

  consoleListRoute(app, {
    url: '/admin/api/transfers/pending',
    permission: 'transfers.view',
    tags,
    summary: '待结算的场馆转账（含已等待时长）',
    query: listQuerySchema,
    row: rowSchema,
    page: (query) => pendingTransfers(ctx, query),
  });
  r.post(
    '/admin/api/transfers/:order_no/settle',
    {
      config: { permission: 'transfers.settle' },
      schema: {
        tags,
        summary: '立即向场馆查询并按其答复结算',
        params: z.object({ order_no: z.string().min(1).max(32) }),
        response: replies(settleTransferAnswerSchema),
      },
    },
    async (request) => {
      const { state, message } = await settleTransferNow(
        ctx,
        operatorOf(request).actor,
        request.params.order_no,
      );
      return ok({ state }, message);
    },
  );
}
