import {
  activityApplicationPageSchema,
  activityDetailSchema,
  activityIdBodySchema,
  activityListBodySchema,
  activitySchema,
  activityTypeSchema,
  applyLogBodySchema,
  articleBodySchema,
  articleSchema,
  bannerBodySchema,
  bannerSchema,
  idBodySchema,
  messageNumSchema,
  noticeListBodySchema,
  noticePageSchema,
  sponsorSchema,
} from '@app/contract/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { messageReplies, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { readSetting, siteSetting } from '../settings/service';
import { bannerSvg, sponsorSvg } from './art';
import * as content from './player-content';

export async function contentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];

  r.post(
    '/api/bannerList',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '首页轮播图（type 2）',
        body: bannerBodySchema,
        response: replies(z.array(bannerSchema)),
      },
    },
    async () => ok(await content.bannerList(ctx)),
  );
  r.post(
    '/api/homenotice',
    {
      config: { public: true },
      schema: { tags, summary: '首页滚动公告', response: replies(z.array(z.string())) },
    },
    async () => ok(await content.homeNoticeList(ctx)),
  );
  r.post(
    '/api/noticeList',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '公告（type 1）与站内信（type 2，需登录）',
        body: noticeListBodySchema,
        response: replies(noticePageSchema),
      },
    },
    async (request) =>
      ok(await content.noticeList(ctx, request.auth?.userId, request.body.type, request.body.page)),
  );
  r.post(
    '/api/messageNum',
    { schema: { tags, summary: '未读站内信数量', response: replies(messageNumSchema) } },
    async (request) => ok(await content.unreadMessages(ctx, authOf(request).userId)),
  );
  r.post(
    '/api/readMessage',
    {
      schema: { tags, summary: '标记站内信已读', body: idBodySchema, response: replies(messageNumSchema) },
    },
    async (request) => ok(await content.readMessage(ctx, authOf(request).userId, request.body.id)),
  );
  r.post(
    '/api/activitytype',
    {
      config: { public: true },
      schema: { tags, summary: '活动类型', response: replies(z.array(activityTypeSchema)) },
    },
    async () => ok(await content.activityTypeList(ctx)),
  );
  r.post(
    '/api/activitylist',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '活动列表',
        body: activityListBodySchema,
        response: replies(z.object({ data: z.array(activitySchema) })),
      },
    },
    async (request) =>
      ok(await content.activityList(ctx, request.body.type === '' ? undefined : request.body.type)),
  );
  r.post(
    '/api/activitydeatil',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '活动详情',
        body: activityIdBodySchema,
        response: replies(activityDetailSchema),
      },
    },
    async (request) => ok(await content.activityDetail(ctx, request.auth?.userId, request.body.id)),
  );
  r.post(
    '/api/activityApply',
    {
      schema: {
        tags,
        summary: '申请活动（每个活动一次）',
        body: activityIdBodySchema,
        response: messageReplies,
      },
    },
    async (request) => done(await content.applyForActivity(ctx, authOf(request), request.body.id)),
  );
  r.post(
    '/api/activityApplyLog',
    {
      schema: {
        tags,
        summary: '活动申请记录',
        body: applyLogBodySchema,
        response: replies(activityApplicationPageSchema),
      },
    },
    async (request) => ok(await content.applicationLog(ctx, authOf(request).userId, request.body.page)),
  );
  r.post(
    '/api/article',
    {
      config: { public: true },
      schema: { tags, summary: '帮助与条款文章', body: articleBodySchema, response: replies(articleSchema) },
    },
    async (request) => ok(await content.article(ctx, request.body.scope, request.body.type)),
  );
  r.post(
    '/api/sponsors',
    {
      config: { public: true },
      schema: { tags, summary: '赞助', response: replies(z.array(sponsorSchema)) },
    },
    async () => ok(await content.sponsorList(ctx)),
  );
  const svg = { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' };
  const idParam = z.object({ file: z.string().regex(/^\d{1,9}\.svg$/) });
  const idOf = (file: string) => Number(file.replace(/\.svg$/, ''));
  r.get(
    '/art/banners/:file',
    { config: { public: true }, schema: { hide: true, params: idParam } },
    async (request, reply) => {
      const row = await content.bannerArt(ctx, idOf(request.params.file));
      if (!row) throw new AppError(404, '图片不存在');
      return reply.headers(svg).send(bannerSvg(`banner${row.id}`, row.title, row.subtitle));
    },
  );
  // An activity's banner says its type: it shows on the list and on the detail page alike.
  r.get(
    '/art/activities/:file',
    { config: { public: true }, schema: { hide: true, params: idParam } },
    async (request, reply) => {
      const row = await content.activityArt(ctx, idOf(request.params.file));
      if (!row) throw new AppError(404, '图片不存在');
      return reply.headers(svg).send(bannerSvg(`activity${row.id}`, row.title, row.type ?? ''));
    },
  );
  r.get(
    '/art/sponsors/:file',
    { config: { public: true }, schema: { hide: true, params: idParam } },
    async (request, reply) => {
      const row = await content.sponsor(ctx, idOf(request.params.file));
      if (!row) throw new AppError(404, '图片不存在');
      return reply.headers(svg).send(sponsorSvg(`sponsor${row.type}`, row.title, row.subtitle));
    },
  );
  r.get('/art/app-qr.svg', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const { visit_url } = await readSetting(ctx.db, siteSetting);
    // Never from the request: a forwarded or forged Host would put another site in the code.
    const address = visit_url || `${ctx.config.publicUrl}/`;
    const qrcode = await import('qrcode');
    return reply.headers(svg).send(await qrcode.toString(address, { type: 'svg', margin: 2, width: 240 }));
  });
  r.get(
    '/sponsor/:type',
    {
      config: { public: true },
      schema: { hide: true, params: z.object({ type: z.coerce.number().int().min(1).max(99) }) },
    },
    async (request, reply) => {
      const row = await content.sponsor(ctx, request.params.type);
      if (!row) throw new AppError(404, '页面不存在');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
        )
        .send(sponsorPage(row.title, row.image, row.page));
    },
  );
}

/** A sponsor's page (its body is sanitised HTML from the table). */
function sponsorPage(title: string, image: string, body: string): string {
  const safeTitle = escapeHtml(title);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${safeTitle}</title><style>body{margin:0;background:#0f0b1d;color:#f4eedd;font-family:-apple-system,"PingFang SC","WenQuanYi Micro Hei",sans-serif;line-height:1.7}
img{width:100%;display:block}main{padding:16px}h1{color:#e8c46e;font-size:20px}</style></head>
<body><img src="${escapeHtml(image)}" alt=""><main><h1>${safeTitle}</h1>${body}</main></body></html>`;
}
