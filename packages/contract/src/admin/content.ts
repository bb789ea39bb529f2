import { z } from 'zod';
import { ACTIVITY_CATEGORIES, type ArticleScope } from '../content-rules';
import { httpAddress } from '../url';
import { reasonField } from './fields';
import type { ColumnSpec } from './players';

/**
 * The operator's content (issue 18): what the console edits and the server stores, one schema per
 * kind. HTML fields are sanitised by the server on the way in; every address is http(s) or a path
 * on this site.
 */
export const CONTENT_KINDS = [
  'banners',
  'home-notices',
  'notices',
  'activities',
  'activity-types',
  'articles',
  'sponsors',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_KIND_LABEL: Record<ContentKind, string> = {
  banners: '轮播图',
  'home-notices': '滚动公告',
  notices: '公告',
  activities: '活动',
  'activity-types': '活动类型',
  articles: '帮助与条款',
  sponsors: '赞助',
};

/** Kinds the player sees only while published (an `enabled` switch), and kinds kept in an order. */
export const PUBLISHABLE: readonly ContentKind[] = ['banners', 'home-notices', 'notices', 'activities'];
export const ORDERED: readonly ContentKind[] = ['banners', 'home-notices', 'activities', 'activity-types'];

const html = z.string().max(20_000, '内容过长（最多 20000 字）');
const title = (max: number) => z.string().trim().min(1, '请填写标题').max(max, `标题最多 ${max} 字`);
const published = z.boolean().default(true);

export const bannerInput = z.object({
  title: title(32),
  subtitle: z.string().trim().max(64).default(''),
  /** An uploaded image (/media/...) or an http(s) address; empty: drawn from the title. */
  image: httpAddress('image').default(''),
  link: httpAddress('link').default(''),
  enabled: published,
});
export const homeNoticeInput = z.object({
  text: z.string().trim().min(1, '请填写公告内容').max(200, '公告最多 200 字'),
  enabled: published,
});
export const noticeInput = z.object({ title: title(100), content: html, enabled: published });
export const activityInput = z.object({
  type_id: z.number().int().positive().max(2_147_483_647),
  cate: z.number().int().min(1).max(ACTIVITY_CATEGORIES.length).default(1),
  title: title(64),
  /** An uploaded image or an http(s) address; empty: drawn from the title. */
  banner: httpAddress('banner').default(''),
  content: html,
  memo: html.default(''),
  enabled: published,
});
export const activityTypeInput = z.object({
  name: z.string().trim().min(1, '请填写类型名称').max(16, '类型名称最多 16 字'),
});

/** The articles the player app reads (spec section 2): /boutBallBetInfo?type and /abouts?type. */
export const ARTICLE_TYPES: { scope: ArticleScope; type: number; label: string }[] = [
  { scope: 'help', type: 1, label: '常见问题' },
  { scope: 'help', type: 2, label: '隐私政策' },
  { scope: 'help', type: 3, label: '免责声明' },
  { scope: 'help', type: 4, label: '联系我们' },
  { scope: 'help', type: 5, label: '代理加盟' },
  { scope: 'help', type: 7, label: '关于我们' },
  { scope: 'help', type: 8, label: '负责任博彩' },
  { scope: 'abouts', type: 5, label: '条款与规则' },
  { scope: 'abouts', type: 6, label: '隐私政策（关于）' },
];
export const articleKey = (scope: string, type: number) => `${scope}-${type}`;
export const articleInput = z
  .object({
    scope: z.enum(['help', 'abouts']),
    type: z.number().int(),
    title: title(32),
    content: html,
  })
  .refine((a) => ARTICLE_TYPES.some((t) => t.scope === a.scope && t.type === a.type), {
    message: '文章类型不存在',
  });
export const SPONSOR_TYPES = [1, 2] as const;
export const sponsorInput = z.object({
  type: z
    .number()
    .int()
    .refine((t) => (SPONSOR_TYPES as readonly number[]).includes(t), '赞助类型不存在'),
  title: title(32),
  subtitle: z.string().trim().max(64).default(''),
  image: httpAddress('image').default(''),
  page: html,
});

export const CONTENT_INPUT = {
  banners: bannerInput,
  'home-notices': homeNoticeInput,
  notices: noticeInput,
  activities: activityInput,
  'activity-types': activityTypeInput,
  articles: articleInput,
  sponsors: sponsorInput,
} as const;
export type ContentInput<K extends ContentKind> = z.infer<(typeof CONTENT_INPUT)[K]>;

const PUBLISHED = { 0: '未发布', 1: '已发布' } as const;
const id: ColumnSpec = { key: 'id', title: '编号' };
const publishedColumn: ColumnSpec = { key: 'enabled', title: '状态', kind: 'state', states: PUBLISHED };
const sort: ColumnSpec = { key: 'sort', title: '排序' };
const titled = (title: string): ColumnSpec => ({ key: 'title', title });

/** Each content list's columns as its CSV export names them (the HTML bodies stay out). */
export const CONTENT_COLUMNS: Record<ContentKind, readonly ColumnSpec[]> = {
  banners: [
    id,
    titled('标题'),
    { key: 'subtitle', title: '副标题' },
    { key: 'image', title: '图片' },
    { key: 'link', title: '跳转' },
    publishedColumn,
    sort,
  ],
  'home-notices': [id, { key: 'text', title: '公告内容' }, publishedColumn, sort],
  notices: [id, titled('标题'), publishedColumn, { key: 'created_at', title: '发布时间', kind: 'time' }],
  activities: [
    id,
    titled('标题'),
    { key: 'type_id', title: '活动类型' },
    { key: 'banner', title: '图片' },
    publishedColumn,
    sort,
    { key: 'created_at', title: '创建时间', kind: 'time' },
  ],
  'activity-types': [id, { key: 'name', title: '类型名称' }, sort],
  articles: [{ key: 'id', title: '文章' }, titled('标题')],
  sponsors: [
    id,
    { key: 'type', title: '类型' },
    titled('标题'),
    { key: 'subtitle', title: '副标题' },
    { key: 'image', title: '图片' },
  ],
};

/** One row of a content list as the console shows it: its key, and its fields as stored. */
export const contentRowSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type ContentRow = z.infer<typeof contentRowSchema>;

/** Why an operator changes content: required, written in the audit row. */
export const reasonInput = z.object({ reason: reasonField });
export const publishInput = z.object({ enabled: z.boolean(), reason: reasonField });
export const orderInput = z.object({
  ids: z.array(z.string().min(1).max(40)).min(1).max(500),
  reason: reasonField,
});
export const previewInput = z.object({ html });
export const previewSchema = z.object({ html: z.string() });

/** The welcome popup of the player app's home (site settings index_modal and webcontent). */
export const welcomeInput = z.object({ enabled: z.boolean(), content: html, reason: reasonField });
export const welcomeSchema = z.object({ enabled: z.boolean(), content: z.string() });

/** In-site messages: to one player, to every player of a VIP level, or to every player. */
export const messageInput = z
  .object({
    to: z.enum(['player', 'vip', 'all']).default('player'),
    username: z.string().trim().max(32).default(''),
    vip: z.number().int().min(0).max(99).default(0),
    title: title(100),
    content: html,
    /** A promotion (the default) is not delivered to a player in a time-out or self-exclusion; a service notice is. */
    promotional: z.boolean().default(true),
    reason: reasonField,
  })
  .refine((m) => m.to !== 'player' || m.username !== '', { message: '请填写玩家用户名' });
export const messageSentSchema = z.object({ sent: z.number() });
export const sentMessageSchema = z.object({
  id: z.number(),
  username: z.string(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 4096;
export const imageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

export const CONTENT_ADMIN_MSG = {
  missing: '内容不存在',
  uploadMissing: '请选择要上传的图片',
  uploadType: '只能上传 PNG、JPEG 或 GIF 图片（按文件内容识别）',
  uploadSize: `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024}MB`,
  uploadDimensions: `图片宽高不能超过 ${IMAGE_MAX_SIDE} 像素`,
  uploadUnreadable: '图片已损坏或无法读取，请换一张图片',
  typeInUse: '该活动类型下仍有活动，不能删除',
  noRecipients: '没有符合条件的玩家',
} as const;
