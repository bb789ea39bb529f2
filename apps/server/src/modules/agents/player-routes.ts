import {
  AGENT_ROUTES,
  agentListQuerySchema,
  agentMembersPageSchema,
  agentOverviewSchema,
  linkVisitBodySchema,
  newLinkBodySchema,
  promotionLinkSchema,
  statementSchema,
  statementsPageSchema,
  statementsQuerySchema,
  subAgentsPageSchema,
} from '@app/contract/agents';
import { agentApplyBodySchema } from '@app/contract/content';
import { urlDataSchema } from '@app/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { idParams, messageReplies, perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { applyForAgency } from './applications';
import { linkVisit } from './attribution';
import { agentLoginUrl } from './centre';
import * as centre from './centre-api';

export async function agentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['agents'];
  /** The calling agent's id: every agent-centre answer is about this agent only. */
  const agentOf = async (request: Parameters<typeof authOf>[0]) => {
    const { userId } = authOf(request);
    await centre.requireAgent(ctx, userId);
    return userId;
  };

  r.get(
    AGENT_ROUTES.overview,
    {
      schema: {
        tags,
        summary: '代理中心概览：本月净输赢、有效会员、档位、预估佣金、结转、上月账单',
        response: replies(agentOverviewSchema),
      },
    },
    async (request) => ok(await centre.overview(ctx, await agentOf(request))),
  );
  r.get(
    AGENT_ROUTES.members,
    {
      schema: {
        tags,
        summary: '直属会员：注册时间、最后登录、充值、取款、有效投注、净输赢（按日期筛选，分页）',
        querystring: agentListQuerySchema,
        response: replies(agentMembersPageSchema),
      },
    },
    async (request) =>
      ok(await centre.members(ctx, await agentOf(request), request.query.date, request.query.page)),
  );
  r.get(
    AGENT_ROUTES.subAgents,
    {
      schema: {
        tags,
        summary: '直属下级代理及其会员数据（按日期筛选，分页）',
        querystring: agentListQuerySchema,
        response: replies(subAgentsPageSchema),
      },
    },
    async (request) =>
      ok(await centre.subAgents(ctx, await agentOf(request), request.query.date, request.query.page)),
  );
  r.get(
    AGENT_ROUTES.statements,
    {
      schema: {
        tags,
        summary: '佣金账单（按月，新的在前）',
        querystring: statementsQuerySchema,
        response: replies(statementsPageSchema),
      },
    },
    async (request) => ok(await centre.statements(ctx, await agentOf(request), request.query.page)),
  );
  r.get(
    `${AGENT_ROUTES.statements}/:id`,
    {
      schema: {
        tags,
        summary: '佣金账单明细（每位会员一行）',
        params: idParams('bigint'),
        response: replies(statementSchema),
      },
    },
    async (request) => ok(await centre.statement(ctx, await agentOf(request), request.params.id)),
  );
  r.get(
    AGENT_ROUTES.links,
    {
      schema: { tags, summary: '推广链接及其访问、注册数', response: replies(z.array(promotionLinkSchema)) },
    },
    async (request) => ok(await centre.links(ctx, await agentOf(request))),
  );
  r.post(
    AGENT_ROUTES.links,
    {
      schema: {
        tags,
        summary: '新建推广链接',
        body: newLinkBodySchema,
        response: replies(promotionLinkSchema),
      },
    },
    async (request) => ok(await centre.addLink(ctx, await agentOf(request), request.body.name)),
  );
  r.post(
    AGENT_ROUTES.visit,
    {
      config: { public: true, ...perMinute(ctx.config.rateLimits.register) },
      schema: {
        tags,
        summary: '推广链接访问计数（注册页、登录页发送）',
        body: linkVisitBodySchema,
        response: messageReplies,
      },
    },
    async (request) => {
      await linkVisit(ctx, request.body);
      return done('ok');
    },
  );

  r.post(
    '/api/applyagentdo',
    {
      config: perMinute(ctx.config.rateLimits.register),
      schema: {
        tags: ['agents'],
        summary: '申请加入合营计划',
        body: agentApplyBodySchema,
        response: messageReplies,
      },
    },
    async (request) =>
      done(
        await applyForAgency(ctx, authOf(request).userId, {
          mobile: request.body.mobile,
          reason: request.body.apply_info,
        }),
      ),
  );

  r.get(
    '/api/getAgentLoginUrl',
    { schema: { tags: ['agents'], summary: '代理中心链接', response: replies(urlDataSchema) } },
    async (request) => ok(await agentLoginUrl(ctx, authOf(request).userId)),
  );
}
