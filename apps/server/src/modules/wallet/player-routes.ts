import { transferBodySchema, transferStatusBodySchema, venueBalanceSchema } from '@app/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { idempotent } from '../../lib/idempotency';
import { messageReplies, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import * as service from './service';

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];

  r.post(
    '/api/balancelist',
    { schema: { tags, summary: '场馆钱包余额', response: replies(z.array(venueBalanceSchema)) } },
    async (request) => ok(await service.balanceList(ctx, authOf(request).userId)),
  );

  r.post(
    '/api/transfer',
    {
      schema: { tags, summary: '中心钱包与场馆互转', body: transferBodySchema, response: messageReplies },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { amount, source, target } = request.body;
      return idempotent(ctx, request, reply, auth.userId, async (requestKey) =>
        done(await service.transfer(ctx, auth, { amount: amount ?? 0, source, target }, requestKey)),
      );
    },
  );

  r.post(
    '/api/transall',
    { schema: { tags, summary: '一键回收', response: messageReplies } },
    async (request, reply) => {
      const auth = authOf(request);
      return idempotent(ctx, request, reply, auth.userId, async (requestKey) =>
        done(await service.recoverAll(ctx, auth, requestKey)),
      );
    },
  );

  r.post(
    '/api/uptransferstatus',
    {
      schema: { tags, summary: '自动免转开关', body: transferStatusBodySchema, response: messageReplies },
    },
    async (request) =>
      done(await service.setTransferStatus(ctx, authOf(request).userId, request.body.transferstatus)),
  );
}
