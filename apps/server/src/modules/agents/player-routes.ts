import { agentApplyBodySchema } from '@app/contract/content';
import { urlDataSchema } from '@app/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { messageReplies, perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { applyForAgency } from './applications';
import { agentCentrePage, agentLoginUrl, agentOfLink } from './centre';

export async function agentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
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

  r.get(
    '/agent/centre',
    {
      config: { public: true },
      schema: {
        hide: true,
        querystring: z.object({ a: z.string().max(40).default(''), t: z.string().max(40).default('') }),
      },
    },
    async (request, reply) => {
      const agentId = agentOfLink(ctx, request.query.a, request.query.t);
      if (agentId === null) throw new AppError(403, '链接已失效，请从个人中心重新进入');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'self'",
        )
        .send(await agentCentrePage(ctx, agentId));
    },
  );
}
