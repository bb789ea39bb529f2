import {
  bankSchema,
  bindCardBodySchema,
  cardSchema,
  cardTypeBodySchema,
  idBodySchema,
} from '@app/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { messageReplies, perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import * as service from './service';

export async function cardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cards'];

  r.post(
    '/api/getcard',
    {
      schema: {
        tags,
        summary: '我的银行卡或USDT地址',
        body: cardTypeBodySchema,
        response: replies(z.array(cardSchema)),
      },
    },
    async (request) => ok(await service.listCards(ctx, authOf(request).userId, request.body.type)),
  );

  r.post(
    '/api/bindcard',
    {
      config: perMinute(ctx.config.rateLimits.login),
      schema: { tags, summary: '绑定银行卡或USDT地址', body: bindCardBodySchema, response: messageReplies },
    },
    async (request) => done(await service.bindCard(ctx, authOf(request), request.body)),
  );

  r.post(
    '/api/delcard',
    { schema: { tags, summary: '解除绑定', body: idBodySchema, response: messageReplies } },
    async (request) => done(await service.removeCard(ctx, authOf(request), request.body.id)),
  );

  r.post(
    '/api/banklist',
    {
      config: { public: true },
      schema: { tags, summary: '银行列表', response: replies(z.array(bankSchema)) },
    },
    async () => ok(await service.bankList(ctx)),
  );
}
