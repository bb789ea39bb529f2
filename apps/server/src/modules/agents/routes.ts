import { agentApplyBodySchema } from '@app/contract/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { done } from '../../lib/envelope';
import { messageReplies, perMinute } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { applyForAgency } from './service';

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
}
