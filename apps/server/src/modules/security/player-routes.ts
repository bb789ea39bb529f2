import {
  loginEventSchema,
  recoveryCodesSchema,
  sessionIdBodySchema,
  sessionRowSchema,
  totpCodeBodySchema,
  twoFactorEnrolmentSchema,
  twoFactorStateSchema,
} from '@app/contract/protection';
import { TWO_FACTOR_MSG } from '@app/contract/two-factor-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { messageReplies, perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { activeSessions, endOtherSessions, endSession, loginHistory } from './service';
import { confirmEnrolment, disableTwoFactor, startEnrolment, twoFactorState } from './two-factor';

/** 账户安全: login history and the live sessions. */
export async function securityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['security'];

  r.post(
    '/api/security/logins',
    { schema: { tags, summary: '近30天登录记录', response: replies(z.array(loginEventSchema)) } },
    async (request) => ok(await loginHistory(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/security/sessions',
    { schema: { tags, summary: '登录设备', response: replies(z.array(sessionRowSchema)) } },
    async (request) => ok(await activeSessions(ctx, authOf(request))),
  );
  r.post(
    '/api/security/sessions/end',
    {
      schema: { tags, summary: '下线一个设备', body: sessionIdBodySchema, response: messageReplies },
    },
    async (request) => done(await endSession(ctx, authOf(request), request.body.id)),
  );
  r.post(
    '/api/security/sessions/end-others',
    { schema: { tags, summary: '下线其他全部设备', response: messageReplies } },
    async (request) => done(await endOtherSessions(ctx, authOf(request))),
  );

  const codeLimited = { config: perMinute(ctx.config.rateLimits.login) };
  r.post(
    '/api/security/two-factor',
    { schema: { tags, summary: '谷歌验证器状态', response: replies(twoFactorStateSchema) } },
    async (request) => ok(await twoFactorState(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/security/two-factor/enrol',
    {
      schema: { tags, summary: '获取谷歌验证器绑定二维码', response: replies(twoFactorEnrolmentSchema) },
    },
    async (request) => ok(await startEnrolment(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/security/two-factor/confirm',
    {
      ...codeLimited,
      schema: {
        tags,
        summary: '输入首个验证码完成绑定（恢复码仅此一次返回）',
        body: totpCodeBodySchema,
        response: replies(recoveryCodesSchema),
      },
    },
    async (request) =>
      ok(await confirmEnrolment(ctx, authOf(request), request.body.code), TWO_FACTOR_MSG.enabled),
  );
  r.post(
    '/api/security/two-factor/disable',
    {
      ...codeLimited,
      schema: { tags, summary: '解绑谷歌验证器', body: totpCodeBodySchema, response: messageReplies },
    },
    async (request) => done(await disableTwoFactor(ctx, authOf(request), request.body.code)),
  );
}
