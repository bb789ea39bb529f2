import {
  changePasswordBodySchema,
  type SessionState,
  sessionStateSchema,
  signInBodySchema,
  totpBodySchema,
} from '@app/contract/admin/auth';
import {
  apiKeyRowSchema,
  bootstrapOperatorBodySchema,
  createApiKeyBodySchema,
  createOperatorBodySchema,
  newApiKeySchema,
  newOperatorSchema,
  operatorRowSchema,
  operatorSessionRowSchema,
  reasonBodySchema,
  setRoleBodySchema,
} from '@app/contract/admin/operators';
import { toBeijingString } from '@app/contract/time';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { idOf, messageReplies, perMinute, replies } from '../../lib/schemas';
import { clearSessionCookie, operatorOf, sessionOf, setSessionCookie } from '../../plugins/operator-access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import * as management from './management';
import { liveSessionsOf } from './repository';
import * as signIn from './sign-in';

const meta = (request: FastifyRequest): signIn.ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** A sign-in step's answer: the session's new cookie set, its state answered. */
function signedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { token: string; state: SessionState },
  message?: string,
) {
  setSessionCookie(request, reply, answer.token);
  return ok(answer.state, message);
}

const idParams = z.object({ id: idOf('bigint') });
const tags = ['admin: operators'];

/** Sign-in, the operator's own account, and the management of operators. */
export async function operatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const attempts = perMinute(ctx.config.rateLimits.login);
  const state = replies(sessionStateSchema);

  r.post(
    '/admin/api/auth/sign-in',
    {
      config: { permission: 'public', ...attempts },
      schema: { tags, summary: '操作员登录：账号和密码', body: signInBodySchema, response: state },
    },
    async (request, reply) => signedIn(request, reply, await signIn.signIn(ctx, request.body, meta(request))),
  );

  r.post(
    '/admin/api/auth/totp',
    {
      config: { permission: 'session', ...attempts },
      schema: {
        tags,
        summary: '两步验证：动态验证码（首次登录时绑定）',
        body: totpBodySchema,
        response: state,
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await signIn.verifyCode(ctx, sessionOf(request), request.body.code, meta(request)),
      ),
  );

  r.post(
    '/admin/api/auth/password',
    {
      config: { permission: 'session', ...attempts },
      schema: {
        tags,
        summary: '修改密码（首次登录时设置）',
        body: changePasswordBodySchema,
        response: state,
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await signIn.changePassword(ctx, sessionOf(request), request.body, meta(request)),
        '密码已修改',
      ),
  );

  r.get(
    '/admin/api/auth/me',
    { config: { permission: 'session' }, schema: { tags, summary: '当前登录状态', response: state } },
    async (request) => {
      const { operator, session, token } = sessionOf(request);
      return ok(signIn.sessionState(ctx.config.totpKeys, operator, session.stage, token));
    },
  );

  r.post(
    '/admin/api/auth/sign-out',
    { config: { permission: 'session' }, schema: { tags, summary: '退出登录', response: messageReplies } },
    async (request, reply) => {
      const session = sessionOf(request);
      await signIn.signOut(ctx, session, session.actor);
      clearSessionCookie(reply);
      return done('已退出登录');
    },
  );

  r.post(
    '/admin/api/auth/sign-out-everywhere',
    { config: { permission: 'self' }, schema: { tags, summary: '退出所有设备', response: messageReplies } },
    async (request, reply) => {
      const session = sessionOf(request);
      const ended = await signIn.signOutEverywhere(ctx, session, session.actor);
      clearSessionCookie(reply);
      return done(`已退出所有设备（${ended} 个会话）`);
    },
  );

  r.get(
    '/admin/api/me/sessions',
    {
      config: { permission: 'self' },
      schema: { tags, summary: '我的登录会话', response: replies(z.array(operatorSessionRowSchema)) },
    },
    async (request) => {
      const { operator, session } = sessionOf(request);
      const rows = await liveSessionsOf(ctx.db, operator.id, ctx.clock.now());
      return ok(
        rows.map((s) => ({
          id: s.id,
          current: s.id === session.id,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: toBeijingString(s.createdAt),
          last_seen_at: toBeijingString(s.lastSeenAt),
        })),
      );
    },
  );

  r.get(
    '/admin/api/me/api-keys',
    {
      config: { permission: 'self' },
      schema: { tags, summary: '我的 API 密钥', response: replies(z.array(apiKeyRowSchema)) },
    },
    async (request) => ok(await listApiKeys(ctx, sessionOf(request).operator.id)),
  );

  r.post(
    '/admin/api/me/api-keys',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: '创建 API 密钥（只显示一次）',
        body: createApiKeyBodySchema,
        response: replies(newApiKeySchema),
      },
    },
    async (request) => {
      const { actor, operator } = sessionOf(request);
      return ok(await createApiKey(ctx, { ...actor, operatorId: operator.id }, request.body.label));
    },
  );

  r.post(
    '/admin/api/me/api-keys/:id/revoke',
    {
      config: { permission: 'self' },
      schema: { tags, summary: '撤销我的 API 密钥', params: idParams, response: messageReplies },
    },
    async (request) => {
      await revokeApiKey(ctx, sessionOf(request).actor, request.params.id, { own: true });
      return done('已撤销');
    },
  );

  r.get(
    '/admin/api/operators',
    {
      config: { permission: 'operators.view' },
      schema: { tags, summary: '操作员列表', response: replies(z.array(operatorRowSchema)) },
    },
    async () => ok(await management.listOperators(ctx)),
  );

  r.post(
    '/admin/api/operators',
    {
      config: { permission: 'operators.create' },
      schema: {
        tags,
        summary: '创建操作员（一次性密码和两步验证密钥只显示一次）',
        body: createOperatorBodySchema,
        response: replies(newOperatorSchema),
      },
    },
    async (request) => ok(await management.createOperator(ctx, operatorOf(request).actor, request.body)),
  );

  r.post(
    '/admin/api/operators/:id/role',
    {
      config: { permission: 'operators.set-role' },
      schema: {
        tags,
        summary: '修改角色',
        params: idParams,
        body: setRoleBodySchema,
        response: messageReplies,
      },
    },
    async (request) => {
      const { role, reason } = request.body;
      await management.setRole(ctx, operatorOf(request).actor, request.params.id, role, reason);
      return done('角色已修改');
    },
  );

  const reasonRoutes = [
    ['disable', 'operators.disable', '停用操作员（结束其会话）', '已停用'],
    ['enable', 'operators.enable', '启用操作员', '已启用'],
    ['reset-totp', 'operators.reset-totp', '重置两步验证（下次登录重新绑定）', '已重置两步验证'],
    ['unlock', 'operators.unlock', '解除登录锁定', '已解锁'],
  ] as const;
  for (const [path, permission, summary, message] of reasonRoutes) {
    r.post(
      `/admin/api/operators/:id/${path}`,
      {
        config: { permission },
        schema: { tags, summary, params: idParams, body: reasonBodySchema, response: messageReplies },
      },
      async (request) => {
        const { actor } = operatorOf(request);
        const { id } = request.params;
        const { reason } = request.body;
        if (path === 'disable' || path === 'enable')
          await management.setEnabled(ctx, actor, id, path === 'enable', reason);
        else if (path === 'reset-totp') await management.resetTotp(ctx, actor, id, reason);
        else await management.unlock(ctx, actor, id, reason);
        return done(message);
      },
    );
  }

  r.post(
    '/admin/api/operators/:id/reset-password',
    {
      config: { permission: 'operators.reset-password' },
      schema: {
        tags,
        summary: '重置密码（一次性密码只显示一次）',
        params: idParams,
        body: reasonBodySchema,
        response: replies(z.object({ password: z.string() })),
      },
    },
    async (request) =>
      ok(
        await management.resetPassword(
          ctx,
          operatorOf(request).actor,
          request.params.id,
          request.body.reason,
        ),
      ),
  );

  r.get(
    '/admin/api/api-keys',
    {
      config: { permission: 'operators.view' },
      schema: { tags, summary: '所有操作员的 API 密钥', response: replies(z.array(apiKeyRowSchema)) },
    },
    async () => ok(await listApiKeys(ctx)),
  );

  r.post(
    '/admin/api/api-keys/:id/revoke',
    {
      config: { permission: 'operators.revoke-api-key' },
      schema: {
        tags,
        summary: '撤销操作员的 API 密钥',
        params: idParams,
        body: reasonBodySchema,
        response: messageReplies,
      },
    },
    async (request) => {
      await revokeApiKey(ctx, operatorOf(request).actor, request.params.id, {
        own: false,
        reason: request.body.reason,
      });
      return done('已撤销');
    },
  );

  r.post(
    '/admin/api/bootstrap/operators',
    {
      config: { permission: 'bootstrap' },
      schema: {
        tags,
        summary: '启动令牌创建操作员（npm run ops -- create-operator）',
        body: bootstrapOperatorBodySchema,
        response: replies(newOperatorSchema),
      },
    },
    async (request) => ok(await management.createOperator(ctx, operatorOf(request).actor, request.body)),
  );
}
