import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { done } from '../../lib/envelope';
import { messageReplies } from '../../lib/schemas';
import { authOf, requireUser } from '../../plugins/auth';
import * as service from './service';

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/transall',
    {
      preHandler: requireUser(ctx),
      schema: { tags: ['wallet'], summary: '一键回收', response: messageReplies },
    },
    async (request) => done(await service.recoverAll(ctx, authOf(request).userId)),
  );
}
