import { vipLevelSchema } from '@app/contract/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/schemas';
import { vipLadder } from './service';

export async function vipRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/uservip',
    {
      config: { public: true },
      schema: { tags: ['vip'], summary: 'VIP 等级', response: replies(z.array(vipLevelSchema)) },
    },
    async (request) => ok(await vipLadder(ctx, request.auth?.userId)),
  );
}
