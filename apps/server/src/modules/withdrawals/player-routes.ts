import { betAmountSchema, withdrawBodySchema } from '@app/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { idempotent } from '../../lib/idempotency';
import { messageReplies, perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import * as service from './service';

export async function withdrawalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdrawals'];

  r.post(
    '/api/getBetAmount',
    { schema: { tags, summary: '取款所需打码量', response: replies(betAmountSchema) } },
    async (request) => ok(await service.betAmount(ctx, authOf(request).userId)),
  );

  r.post(
    '/api/withdraw',
    {
      config: perMinute(ctx.config.rateLimits.login),
      schema: { tags, summary: '取款', body: withdrawBodySchema, response: messageReplies },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { cardId, amount, password, totpCode } = request.body;
      return idempotent(ctx, request, reply, auth.userId, async (requestKey) =>
        done(
          await service.withdraw(
            ctx,
            auth,
            { cardId: cardId ?? 0, amount: amount ?? 0, password, totpCode },
            requestKey,
          ),
        ),
      );
    },
  );
}
