import { loginEventSchema, sessionIdBodySchema, sessionRowSchema } from '@app/contract/protection';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { messageReplies, replies } from '../../lib/schemas';
import { authOf, requireUser } from '../../plugins/auth';
import { activeSessions, endOtherSessions, endSession, loginHistory } from './service';

/** 账户安全: login history and the live sessions. */
export async function securityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: requireUser(ctx) };
  const tags = ['security'];

  r.post(
    '/api/security/logins',
    { ...guarded, schema: { tags, summary: '近30天登录记录', response: replies(z.array(loginEventSchema)) } },
    async (request) => ok(await loginHistory(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/security/sessions',
    { ...guarded, schema: { tags, summary: '登录设备', response: replies(z.array(sessionRowSchema)) } },
    async (request) => ok(await activeSessions(ctx, authOf(request))),
  );
  r.post(
    '/api/security/sessions/end',
    {
      ...guarded,
      schema: { tags, summary: '下线一个设备', body: sessionIdBodySchema, response: messageReplies },
    },
    async (request) => done(await endSession(ctx, authOf(request).userId, request.body.id)),
  );
  r.post(
    '/api/security/sessions/end-others',
    { ...guarded, schema: { tags, summary: '下线其他全部设备', response: messageReplies } },
    async (request) => done(await endOtherSessions(ctx, authOf(request))),
  );
}
