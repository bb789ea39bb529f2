import {
  captchaDataSchema,
  codeNeededDataSchema,
  loginBodySchema,
  registerBodySchema,
  tokenDataSchema,
} from '@app/contract/auth';
import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { perMinute, replies } from '../../lib/schemas';
import type { ClientMeta } from '../auth/service';
import * as service from './service';

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export async function signInRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

  r.get(
    '/api/captcha',
    {
      config: { ...perMinute(limits.captcha), public: true },
      schema: { tags: ['auth'], summary: '获取图形验证码', response: replies(captchaDataSchema) },
    },
    async () => ok(await service.issueCaptcha(ctx)),
  );

  r.post(
    '/api/register',
    {
      config: { ...perMinute(limits.register), public: true },
      schema: {
        tags: ['auth'],
        summary: '注册',
        body: registerBodySchema,
        response: replies(tokenDataSchema),
      },
    },
    async (request) =>
      ok({ api_token: await service.register(ctx, request.body, meta(request)) }, SERVER_MSG.registered),
  );

  r.post(
    '/api/login_pc',
    {
      config: { ...perMinute(limits.login), public: true },
      schema: {
        tags: ['auth'],
        summary: '登录',
        body: loginBodySchema,
        response: replies(tokenDataSchema, codeNeededDataSchema),
      },
    },
    async (request) =>
      ok({ api_token: await service.login(ctx, request.body, meta(request)) }, SERVER_MSG.loggedIn),
  );
}
