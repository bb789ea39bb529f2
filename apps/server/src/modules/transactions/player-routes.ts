import { transRecordBodySchema, transRecordPageSchema } from '@app/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { transactionRecords } from './service';

export async function transactionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/gettransrecord',
    {
      schema: {
        tags: ['transactions'],
        summary: '资金明细（1 充值，2 取款，3 转入场馆，4 转出场馆，5 代理佣金）',
        body: transRecordBodySchema,
        response: replies(transRecordPageSchema),
      },
    },
    async (request) => {
      const { type, date, page } = request.body;
      return ok(await transactionRecords(ctx, authOf(request).userId, { type, days: date, page }));
    },
  );
}
