import {
  avatarSchema,
  linkRegisterBodySchema,
  linkRegisterResultSchema,
  passwordChangeBodySchema,
  profileBodySchema,
} from '@app/contract/account';
import { ACCOUNT_SERVER_MSG, AVATAR_MAX_BYTES } from '@app/contract/account-rules';
import { AVATAR_WIDTHS, PICTURE_FORMATS, type PictureFormat } from '@app/contract/pictures';
import { balanceDataSchema, userInfoSchema } from '@app/contract/user';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { AppError, badInput } from '../../lib/errors';
import { messageReplies, perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { registerFromLink } from '../sign-in/service';
import * as profile from './profile';

/** An avatar's file name: the original ({id}.png, .gif) or a PNG's square copy ({id}-{width}.{format}). */
const AVATAR_FILE = new RegExp(
  `^([0-9a-f]{32})(?:\\.(?:png|gif)|-(${AVATAR_WIDTHS.join('|')})\\.(${PICTURE_FORMATS.join('|')}))$`,
);

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const limited = { config: perMinute(ctx.config.rateLimits.login) };

  // multipart hooks every request of the scope it is registered in: only the upload's scope has it,
  // not the polling calls. One file per request, at most 2 MB: larger uploads stop at the limit.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 5, parts: 6 },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/uploadimg',
      {
        ...limited,
        schema: {
          tags,
          summary: '上传头像（PNG 或 GIF，multipart 字段 file）',
          consumes: ['multipart/form-data'],
          response: replies(avatarSchema),
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badInput(ACCOUNT_SERVER_MSG.uploadMissing);
        // The parser's errors (no boundary, a wrong one, a body cut short) are the client's.
        const malformed = (error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw badInput(ACCOUNT_SERVER_MSG.uploadSize);
          throw badInput(ACCOUNT_SERVER_MSG.uploadMalformed);
        };
        const file = await request.file().catch(malformed);
        if (file?.fieldname !== 'file') throw badInput(ACCOUNT_SERVER_MSG.uploadMissing);
        const bytes = await file.toBuffer().catch(malformed);
        return ok(
          await profile.uploadAvatar(ctx, authOf(request).userId, bytes),
          ACCOUNT_SERVER_MSG.uploaded,
        );
      },
    );
  });

  r.get(
    '/uploads/avatars/:file',
    {
      config: { public: true },
      schema: { hide: true, params: z.object({ file: z.string().regex(AVATAR_FILE) }) },
    },
    async (request, reply) => {
      const [, id = '', width, format] = AVATAR_FILE.exec(request.params.file) ?? [];
      const found = format
        ? await profile
            .avatarVariant(ctx, id, format as PictureFormat, Number(width))
            .then((copy) => copy && { mime: `image/${format}`, data: copy.data })
        : await profile.avatarFile(ctx, id);
      if (!found) throw new AppError(404, '图片不存在');
      return reply
        .header('content-type', found.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(found.data);
    },
  );

  r.post(
    '/api/updateuserinfo',
    {
      schema: {
        tags,
        summary: '修改资料（手机、邮箱、生日）',
        body: profileBodySchema,
        response: messageReplies,
      },
    },
    async (request) => done(await profile.updateProfile(ctx, authOf(request).userId, request.body)),
  );
  /** Both password changes take the same body: the current password, the new one, and a code under two-factor. */
  const passwordChange =
    (change: typeof profile.changeLoginPassword) =>
    async (request: FastifyRequest<{ Body: z.infer<typeof passwordChangeBodySchema> }>) =>
      done(
        await change(
          ctx,
          authOf(request),
          request.body.password,
          request.body.paypassword,
          request.body.totp_code,
        ),
      );
  r.post(
    '/api/editPassword',
    {
      ...limited,
      schema: {
        tags,
        summary: '修改登录密码（成功后所有会话失效）',
        body: passwordChangeBodySchema,
        response: messageReplies,
      },
    },
    passwordChange(profile.changeLoginPassword),
  );
  r.post(
    '/api/editPayPassword',
    {
      ...limited,
      schema: { tags, summary: '修改支付密码', body: passwordChangeBodySchema, response: messageReplies },
    },
    passwordChange(profile.changePayPassword),
  );
  r.post(
    '/api/register/link',
    {
      config: { ...perMinute(ctx.config.rateLimits.register), public: true },
      schema: {
        tags,
        summary: '推广链接自动注册（随机用户名与初始密码，仅返回一次）',
        body: linkRegisterBodySchema,
        response: replies(linkRegisterResultSchema),
      },
    },
    async (request) => {
      const made = await registerFromLink(
        ctx,
        request.body.pid,
        { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
        request.body.referrer,
      );
      return ok(
        {
          api_token: made.token,
          username: made.username,
          password: made.password,
          paypassword: made.payPassword,
        },
        ACCOUNT_SERVER_MSG.linkRegistered,
      );
    },
  );
  const info = { tags: ['user'], response: replies(userInfoSchema) };

  r.post('/api/user', { schema: { ...info, summary: '用户信息' } }, async (request) =>
    ok(await profile.userInfo(ctx, authOf(request).userId)),
  );
  r.post('/api/refreshusermoney', { schema: { ...info, summary: '刷新用户余额' } }, async (request) =>
    ok(await profile.userInfo(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/balance',
    { schema: { tags: ['user'], summary: '中心钱包余额', response: replies(balanceDataSchema) } },
    async (request) => ok(await profile.balance(ctx, authOf(request).userId)),
  );
}
