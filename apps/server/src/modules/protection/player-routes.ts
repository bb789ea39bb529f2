import {
  limitKeyBodySchema,
  PROTECTION_MSG,
  protectionStateSchema,
  realityCheckBodySchema,
  realityCheckSchema,
  restrictBodySchema,
  setLimitBodySchema,
} from '@app/contract/protection';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { messageReplies, perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { confirmLimit, limitsView, setLimit } from './limits';
import { realityCheck, realityCheckMinutes, setRealityCheck } from './reality-check';
import { requestReturn, restrict, restrictionView } from './restrictions';

/** 负责任博彩: limits, the reality check, time-outs and self-exclusion. */
export async function protectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['protection'];

  r.post(
    '/api/protection/state',
    { schema: { tags, summary: '负责任博彩设置', response: replies(protectionStateSchema) } },
    async (request) => {
      const { userId } = authOf(request);
      return ok({
        limits: await limitsView(ctx, userId),
        reality_check: await realityCheckMinutes(ctx, userId),
        restriction: await restrictionView(ctx, userId),
      });
    },
  );
  r.post(
    '/api/protection/limit',
    {
      schema: {
        tags,
        summary: '设置、降低、提高或取消限额',
        body: setLimitBodySchema,
        response: messageReplies,
      },
    },
    async (request) => done(await setLimit(ctx, authOf(request), request.body)),
  );
  r.post(
    '/api/protection/limit/confirm',
    {
      schema: {
        tags,
        summary: '24小时后确认提高或取消限额',
        body: limitKeyBodySchema,
        response: messageReplies,
      },
    },
    async (request) => done(await confirmLimit(ctx, authOf(request), request.body)),
  );
  r.post(
    '/api/protection/reality-check',
    {
      schema: { tags, summary: '设置游戏时长提醒', body: realityCheckBodySchema, response: messageReplies },
    },
    async (request) => {
      await setRealityCheck(ctx, authOf(request).userId, request.body.minutes);
      return done(PROTECTION_MSG.realityCheckSet);
    },
  );
  r.post(
    '/api/protection/session',
    { schema: { tags, summary: '本次登录时长与输赢', response: replies(realityCheckSchema) } },
    async (request) => ok(await realityCheck(ctx, authOf(request))),
  );
  r.post(
    '/api/protection/restrict',
    {
      config: perMinute(ctx.config.rateLimits.login),
      schema: {
        tags,
        summary: '冷静期或自我禁止（支付密码确认）',
        body: restrictBodySchema,
        response: messageReplies,
      },
    },
    async (request) => done(await restrict(ctx, authOf(request), request.body)),
  );
  r.post(
    '/api/protection/return',
    { schema: { tags, summary: '自我禁止期满后申请恢复账户', response: messageReplies } },
    async (request) => done(await requestReturn(ctx, authOf(request).userId)),
  );
}
