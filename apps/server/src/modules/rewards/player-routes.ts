import {
  pageBodySchema,
  rebateQuerySchema,
  rebateSummarySchema,
  redPacketGrabSchema,
  redPacketInfoSchema,
  redPacketRecordPageSchema,
} from '@app/contract/rewards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { idempotent } from '../../lib/idempotency';
import { messageReplies, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { claimRebates, rebateSummary } from './rebates';
import { grabRedPacket, redPacketInfo, redPacketRecords } from './red-packets';

export async function rewardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rewards'];

  r.get(
    '/api/userredpacket',
    {
      schema: {
        tags,
        summary: '红包信息',
        querystring: z.object({ page: z.unknown().optional() }),
        response: replies(redPacketInfoSchema),
      },
    },
    async (request) => ok(await redPacketInfo(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/douserredpacket',
    { schema: { tags, summary: '抢红包', response: replies(redPacketGrabSchema) } },
    async (request, reply) => {
      const auth = authOf(request);
      return idempotent(ctx, request, reply, auth.userId, async (requestKey) =>
        ok(await grabRedPacket(ctx, auth, requestKey)),
      );
    },
  );
  r.post(
    '/api/redpacket',
    {
      schema: {
        tags,
        summary: '红包记录',
        body: pageBodySchema,
        response: replies(redPacketRecordPageSchema),
      },
    },
    async (request) => ok(await redPacketRecords(ctx, authOf(request).userId, request.body.page)),
  );
  r.post(
    '/api/getfanshui',
    {
      schema: { tags, summary: '返水记录', body: rebateQuerySchema, response: replies(rebateSummarySchema) },
    },
    async (request) => {
      const { date, page, api_type, type } = request.body;
      return ok(
        await rebateSummary(ctx, authOf(request).userId, {
          days: date,
          page,
          category: api_type,
          state: type,
        }),
      );
    },
  );
  r.post(
    '/api/dofanshui',
    { schema: { tags, summary: '领取全部返水', response: messageReplies } },
    async (request, reply) => {
      const auth = authOf(request);
      return idempotent(ctx, request, reply, auth.userId, async (requestKey) =>
        done(await claimRebates(ctx, auth, requestKey)),
      );
    },
  );
}
