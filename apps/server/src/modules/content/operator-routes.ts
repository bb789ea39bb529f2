import {
  CONTENT_ADMIN_MSG,
  CONTENT_INPUT,
  CONTENT_KINDS,
  type ContentInput,
  type ContentKind,
  contentRowSchema,
  IMAGE_MAX_BYTES,
  imageSchema,
  messageInput,
  messageSentSchema,
  orderInput,
  previewInput,
  previewSchema,
  publishInput,
  reasonInput,
  sentMessageSchema,
  welcomeInput,
  welcomeSchema,
} from '@app/contract/admin/content';
import type { Permission } from '@app/contract/admin/roles';
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat } from '@app/contract/pictures';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { done, ok } from '../../lib/envelope';
import { AppError, badInput } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { idParams, messageReplies, replies } from '../../lib/schemas';
import { operatorOf } from '../../plugins/operator-access';
import { recordAudit } from '../audit/service';
import { readSetting, siteSetting, writeSetting } from '../settings/service';
import { imageFile, imageVariant, MEDIA_PREFIX, storeImage } from './images';
import { deleteMessage, sendMessages, sentMessages } from './messages';
import { CONTENT_STORES, isSorted, isSwitched, setOrder, setPublished } from './operator-repository';

/** A media file's name: an original ({id}.png, .gif, .jpg) or a copy for phones ({id}-{width}.{format}). */
const MEDIA_FILE = new RegExp(
  `^([0-9a-f]{32})(?:\\.(?:png|gif|jpg)|-(${PICTURE_WIDTHS.join('|')})\\.(${PICTURE_FORMATS.join('|')}))$`,
);

const idParam = z.object({ id: z.string().min(1).max(40) });
const missing = () => new AppError(404, CONTENT_ADMIN_MSG.missing);

/**
 * The operator's content (issue 18): for each kind its list, create, edit and delete, publish and
 * unpublish and order where the kind has them; image uploads served from the database at /media/;
 * the welcome popup; in-site messages; and a preview that answers HTML as the player app gets it.
 * Every change is written with its audit row in one transaction.
 */
export async function contentAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin-content'];

  /** Runs a change and records it, with what it replaced, in one transaction. */
  const audited = <T>(
    request: FastifyRequest,
    action: Permission,
    target: string,
    reason: string,
    change: (q: Queryable) => Promise<{ result: T; before?: unknown; after?: unknown }>,
  ) =>
    ctx.db.transaction(async (tx) => {
      const { result, before, after } = await change(tx);
      await recordAudit(tx, ctx.clock.now(), operatorOf(request).actor, {
        action,
        targetType: 'content',
        targetId: target,
        before,
        after,
        reason,
      });
      return result;
    });

  function registerKind<K extends ContentKind>(kind: K) {
    const store = CONTENT_STORES[kind];
    const input = CONTENT_INPUT[kind];
    const base = `/admin/api/content/${kind}`;
    r.get(
      base,
      {
        config: { permission: 'content.view' },
        schema: { tags, summary: `内容列表：${kind}`, response: replies(z.array(contentRowSchema)) },
      },
      async () => ok(await store.list(ctx.db)),
    );
    r.post(
      base,
      {
        config: { permission: 'content.edit' },
        schema: {
          tags,
          summary: `新建内容：${kind}`,
          body: input.and(reasonInput),
          response: replies(z.object({ id: z.string() })),
        },
      },
      async (request) => {
        const { reason, ...fields } = request.body;
        const body = fields as ContentInput<K>;
        const id = await audited(request, 'content.edit', kind, reason, async (q) => {
          const created = await store.create(q, body, ctx.clock.now());
          return { result: created, after: { id: created, ...body } };
        });
        return ok({ id });
      },
    );
    r.post(
      `${base}/:id`,
      {
        config: { permission: 'content.edit' },
        schema: {
          tags,
          summary: `修改内容：${kind}`,
          params: idParam,
          body: input.and(reasonInput),
          response: messageReplies,
        },
      },
      async (request) => {
        const { reason, ...fields } = request.body;
        const body = fields as ContentInput<K>;
        const { id } = request.params;
        await audited(request, 'content.edit', `${kind}:${id}`, reason, async (q) => {
          const before = await store.update(q, id, body);
          if (!before) throw missing();
          return { result: undefined, before, after: body };
        });
        return done('已保存');
      },
    );
    r.post(
      `${base}/:id/delete`,
      {
        config: { permission: 'content.delete' },
        schema: {
          tags,
          summary: `删除内容：${kind}`,
          params: idParam,
          body: reasonInput,
          response: messageReplies,
        },
      },
      async (request) => {
        const { id } = request.params;
        await audited(request, 'content.delete', `${kind}:${id}`, request.body.reason, async (q) => {
          const before = await store.remove(q, id);
          if (!before) throw missing();
          return { result: undefined, before };
        });
        return done('已删除');
      },
    );
    if (isSwitched(kind)) {
      r.post(
        `${base}/:id/publish`,
        {
          config: { permission: 'content.publish' },
          schema: {
            tags,
            summary: `发布或下架：${kind}`,
            params: idParam,
            body: publishInput,
            response: messageReplies,
          },
        },
        async (request) => {
          const { id } = request.params;
          const { enabled, reason } = request.body;
          await audited(request, 'content.publish', `${kind}:${id}`, reason, async (q) => {
            if (!(await setPublished(q, kind, id, enabled))) throw missing();
            return { result: undefined, after: { enabled } };
          });
          return done(enabled ? '已发布' : '已下架');
        },
      );
    }
    if (isSorted(kind)) {
      r.post(
        `${base}/order`,
        {
          config: { permission: 'content.edit' },
          schema: {
            tags,
            summary: `调整顺序：${kind}（按 ids 的先后）`,
            body: orderInput,
            response: messageReplies,
          },
        },
        async (request) => {
          const { ids, reason } = request.body;
          await audited(request, 'content.edit', `${kind}:order`, reason, async (q) => {
            await setOrder(q, kind, ids);
            return { result: undefined, after: { ids } };
          });
          return done('顺序已保存');
        },
      );
    }
  }
  for (const kind of CONTENT_KINDS) registerKind(kind);

  r.post(
    '/admin/api/content/preview',
    {
      config: { permission: 'content.view' },
      schema: {
        tags,
        summary: '预览：HTML 清理后的样子（与玩家端一致）',
        body: previewInput,
        response: replies(previewSchema),
      },
    },
    async (request) => ok({ html: sanitizeHtml(request.body.html) }),
  );

  r.get(
    '/admin/api/content/welcome',
    {
      config: { permission: 'content.view' },
      schema: { tags, summary: '首页欢迎弹窗', response: replies(welcomeSchema) },
    },
    async () => {
      const site = await readSetting(ctx.db, siteSetting);
      return ok({ enabled: site.index_modal === 1, content: site.webcontent });
    },
  );
  r.post(
    '/admin/api/content/welcome',
    {
      config: { permission: 'content.edit' },
      schema: {
        tags,
        summary: '修改首页欢迎弹窗（HTML 清理后保存）',
        body: welcomeInput,
        response: replies(welcomeSchema),
      },
    },
    async (request) => {
      const welcome = { enabled: request.body.enabled, content: sanitizeHtml(request.body.content) };
      await audited(request, 'content.edit', 'welcome', request.body.reason, async (q) => {
        const before = await readSetting(q, siteSetting);
        const next = {
          ...before,
          index_modal: welcome.enabled ? (1 as const) : (0 as const),
          webcontent: welcome.content,
        };
        await writeSetting(q, siteSetting, next);
        return {
          result: undefined,
          before: { enabled: before.index_modal === 1, content: before.webcontent },
          after: welcome,
        };
      });
      return ok(welcome);
    },
  );

  r.get(
    '/admin/api/messages',
    {
      config: { permission: 'content.view' },
      schema: { tags, summary: '最近发送的站内信（200 条）', response: replies(z.array(sentMessageSchema)) },
    },
    async () => ok(await sentMessages(ctx)),
  );
  r.post(
    '/admin/api/messages',
    {
      config: { permission: 'messages.send' },
      schema: {
        tags,
        summary: '发送站内信：给一个玩家、某个 VIP 等级或全部玩家（限制中的玩家除外）',
        body: messageInput,
        response: replies(messageSentSchema),
      },
    },
    async (request) => {
      const sent = await sendMessages(ctx, request.body);
      const { to, username, vip, title, reason } = request.body;
      await recordAudit(ctx.db, ctx.clock.now(), operatorOf(request).actor, {
        action: 'messages.send',
        targetType: 'content',
        targetId:
          to === 'player' ? `message:${username}` : to === 'vip' ? `message:vip${vip}` : 'message:all',
        after: { to, username, vip, title, ...sent },
        reason,
      });
      return ok(sent, `已发送 ${sent.sent} 条`);
    },
  );
  r.post(
    '/admin/api/messages/:id/delete',
    {
      config: { permission: 'content.delete' },
      schema: {
        tags,
        summary: '撤回一条站内信',
        params: idParams('bigint'),
        body: reasonInput,
        response: messageReplies,
      },
    },
    async (request) => {
      const target = `message:${request.params.id}`;
      await audited(request, 'content.delete', target, request.body.reason, async (q) => {
        const before = await deleteMessage(q, request.params.id);
        if (!before) throw missing();
        return { result: undefined, before };
      });
      return done('已撤回');
    },
  );

  // multipart hooks every request of its scope: only the upload's scope has it.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 2, parts: 3 },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/admin/api/content/images',
      {
        config: { permission: 'content.edit' },
        schema: {
          tags,
          summary: '上传图片（PNG、JPEG 或 GIF，按内容识别；multipart 字段 file）',
          consumes: ['multipart/form-data'],
          response: replies(imageSchema),
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badInput(CONTENT_ADMIN_MSG.uploadMissing);
        const malformed = (error: { code?: string }) => {
          throw badInput(
            error.code === 'FST_REQ_FILE_TOO_LARGE'
              ? CONTENT_ADMIN_MSG.uploadSize
              : CONTENT_ADMIN_MSG.uploadMissing,
          );
        };
        const file = await request.file().catch(malformed);
        if (file?.fieldname !== 'file') throw badInput(CONTENT_ADMIN_MSG.uploadMissing);
        const bytes = await file.toBuffer().catch(malformed);
        const image = await storeImage(ctx, bytes);
        await recordAudit(ctx.db, ctx.clock.now(), operatorOf(request).actor, {
          action: 'content.edit',
          targetType: 'content',
          targetId: `image:${image.url}`,
          after: { ...image, name: file.filename.slice(0, 100), bytes: bytes.length },
        });
        return ok(image);
      },
    );
  });

  r.get(
    `${MEDIA_PREFIX}:file`,
    // The pictures the console uploads show in the player app, to visitors too: the original
    // ({id}.png) or a copy for phones ({id}-{width}.avif).
    {
      config: { public: true },
      schema: { hide: true, params: z.object({ file: z.string().regex(MEDIA_FILE) }) },
    },
    async (request, reply) => {
      const [, id = '', width, format] = MEDIA_FILE.exec(request.params.file) ?? [];
      const found = format
        ? await imageVariant(ctx, id, format as PictureFormat, Number(width)).then(
            (copy) => copy && { mime: `image/${format}`, data: copy.data },
          )
        : await imageFile(ctx, id);
      if (!found) throw new AppError(404, '图片不存在');
      return reply
        .header('content-type', found.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${format ? `${id}-${width}-${format}` : id}"`)
        .send(found.data);
    },
  );
}
