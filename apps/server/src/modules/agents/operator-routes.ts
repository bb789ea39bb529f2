import {
  AGENT_ADMIN_ROUTES,
  agentListQuerySchema,
  agentPlanBodySchema,
  agentRowSchema,
  closeStateSchema,
  commissionReportQuerySchema,
  commissionReportSchema,
  moveMemberBodySchema,
  newPlanBodySchema,
  newVersionBodySchema,
  planSchema,
  statementDecisionSchema,
  statementQuerySchema,
  statementRowSchema,
  statementSchema,
} from '@app/contract/admin/agents';
import { beijingDay } from '@app/contract/time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendCsv } from '../../lib/csv';
import { done, ok } from '../../lib/envelope';
import { idParams, messageReplies, replies } from '../../lib/schemas';
import { consoleListRoute } from '../../plugins/console-list';
import { operatorOf } from '../../plugins/operator-access';
import { movePlayer } from './attribution';
import { decideStatement } from './decisions';
import * as pages from './operator-pages';
import { addVersion, assignPlan, createPlan, listPlans } from './plans';

const tags = ['admin: agents'];

/** 代理管理: agents and their tree, plans and versions, the statements queue and decisions, moves, the close. */
export async function agentOperatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  consoleListRoute(app, {
    url: AGENT_ADMIN_ROUTES.agents,
    permission: 'agents.view',
    tags,
    summary: '代理列表：按上级逐级展开（parent=0 为顶级代理），或按玩家名查找',
    query: agentListQuerySchema,
    row: agentRowSchema,
    page: (query) => pages.agentsPage(ctx, query),
  });
  r.post(
    '/admin/api/agents/:id/plan',
    {
      config: { permission: 'agents.plans' },
      schema: {
        tags,
        summary: '设置代理的佣金方案',
        params: idParams('bigint'),
        body: agentPlanBodySchema,
        response: messageReplies,
      },
    },
    async (request) =>
      done(
        await assignPlan(
          ctx,
          operatorOf(request).actor,
          request.params.id,
          request.body.plan_id,
          request.body.reason,
        ),
      ),
  );
  r.get(
    AGENT_ADMIN_ROUTES.plans,
    {
      config: { permission: 'agents.view' },
      schema: { tags, summary: '佣金方案及其全部版本', response: replies(z.array(planSchema)) },
    },
    async () => ok(await listPlans(ctx.db)),
  );
  r.post(
    AGENT_ADMIN_ROUTES.plans,
    {
      config: { permission: 'agents.plans' },
      schema: {
        tags,
        summary: '新建佣金方案（版本 1）',
        body: newPlanBodySchema,
        response: replies(z.object({ id: z.number() })),
      },
    },
    async (request) => ok({ id: await createPlan(ctx, operatorOf(request).actor, request.body) }),
  );
  r.post(
    '/admin/api/agent-plans/:id/versions',
    {
      config: { permission: 'agents.plans' },
      schema: {
        tags,
        summary: '佣金方案的新版本（已有版本不变，账单按当月生效的版本结算）',
        params: idParams('bigint'),
        body: newVersionBodySchema,
        response: replies(z.object({ version: z.number() })),
      },
    },
    async (request) =>
      ok({ version: await addVersion(ctx, operatorOf(request).actor, request.params.id, request.body) }),
  );
  consoleListRoute(app, {
    url: AGENT_ADMIN_ROUTES.statements,
    permission: 'agents.view',
    tags,
    summary: '佣金账单队列：按状态、月份、代理筛选',
    query: statementQuerySchema,
    row: statementRowSchema,
    page: (query) => pages.statementsPage(ctx, query),
  });
  r.get(
    AGENT_ADMIN_ROUTES.statementsCsv,
    {
      config: { permission: 'agents.export' },
      schema: { tags, summary: '导出佣金账单（CSV）', querystring: statementQuerySchema },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `佣金账单-${beijingDay(ctx.clock.now())}`,
        await pages.statementsCsv(ctx, request.query),
      ),
  );
  r.get(
    '/admin/api/agent-statements/:id',
    {
      config: { permission: 'agents.view' },
      schema: {
        tags,
        summary: '佣金账单明细',
        params: idParams('bigint'),
        response: replies(statementSchema),
      },
    },
    async (request) => ok(await pages.statementDetail(ctx, request.params.id)),
  );
  r.post(
    '/admin/api/agent-statements/:id/decide',
    {
      config: { permission: 'agents.decide' },
      schema: {
        tags,
        summary:
          '审核佣金账单：通过（发放至代理中心钱包）、调整金额或扣留；超过双人复核金额需另一位操作员复核',
        params: idParams('bigint'),
        body: statementDecisionSchema,
        response: messageReplies,
      },
    },
    async (request) =>
      done(await decideStatement(ctx, operatorOf(request).actor, request.params.id, request.body)),
  );
  r.post(
    '/admin/api/agent-members/:id/move',
    {
      config: { permission: 'agents.move' },
      schema: {
        tags,
        summary: '移动玩家到另一代理（连同其下级）',
        params: idParams('bigint'),
        body: moveMemberBodySchema,
        response: messageReplies,
      },
    },
    async (request) =>
      done(
        await movePlayer(
          ctx,
          operatorOf(request).actor,
          request.params.id,
          request.body.agent_id,
          request.body.reason,
        ),
      ),
  );
  r.get(
    AGENT_ADMIN_ROUTES.close,
    {
      config: { permission: 'agents.view' },
      schema: { tags, summary: '月结状态', response: replies(closeStateSchema) },
    },
    async () => ok(await pages.closeState(ctx)),
  );
  r.get(
    AGENT_ADMIN_ROUTES.commissionReport,
    {
      config: { permission: 'reports.view' },
      schema: {
        tags: ['admin: reports'],
        summary: '每月已发放佣金',
        querystring: commissionReportQuerySchema,
        response: replies(commissionReportSchema),
      },
    },
    async (request) => ok(await pages.commissionReport(ctx, request.query.from, request.query.to)),
  );
}
