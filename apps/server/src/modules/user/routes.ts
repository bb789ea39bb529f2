import { balanceDataSchema, userInfoSchema } from '@app/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import * as service from './service';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const info = { tags: ['user'], response: replies(userInfoSchema) };

  r.post('/api/user', { schema: { ...info, summary: '用户信息' } }, async (request) =>
    ok(await service.userInfo(ctx, authOf(request).userId)),
  );
  r.post('/api/refreshusermoney', { schema: { ...info, summary: '刷新用户余额' } }, async (request) =>
    ok(await service.userInfo(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/balance',
    { schema: { tags: ['user'], summary: '中心钱包余额', response: replies(balanceDataSchema) } },
    async (request) => ok(await service.balance(ctx, authOf(request).userId)),
  );
}
