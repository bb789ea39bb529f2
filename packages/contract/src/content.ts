import { z } from 'zod';
import { SERIAL_ID_MAX } from './constants';
import { ARTICLE_SCOPES, agentApplicationError, CONTENT_SERVER_MSG } from './content-rules';
import { pageField, pageSchema } from './paging';

/** Request and response schemas of the content calls (spec section 7). */
const intField = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

export const bannerBodySchema = z.object({ type: intField.optional().default(2) });
export const bannerSchema = z.object({ src: z.string(), link: z.string() });

export const noticeListBodySchema = z.object({
  page: pageField,
  /** 1 announcements (default), 2 the player's in-site messages (login required). */
  type: intField.pipe(z.number().min(1).max(2)).optional().default(1),
});
export const noticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  /** In-site messages: 1 once read. */
  is_read: z.number(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticePageSchema = pageSchema(noticeSchema);
export const idBodySchema = z.object({ id: intField.pipe(z.number().int().positive('参数错误：id')) });
/** An id of a table with serial (int4) ids: activities and their types. */
const serialId = intField.pipe(z.number().int().positive().max(SERIAL_ID_MAX));
export const activityIdBodySchema = z.object({ id: serialId });
export const messageNumSchema = z.object({ num: z.number() });

export const activityTypeSchema = z.object({ id: z.number(), name: z.string() });
export const activityListBodySchema = z.object({
  type: z.union([serialId, z.literal('')]).optional(),
});
export const activitySchema = z.object({
  id: z.number(),
  title: z.string(),
  banner: z.string(),
  type: z.number(),
  /** 1 综合, 2 棋牌, 3 捕鱼. */
  cate: z.number(),
});
export const activityDetailSchema = activitySchema.extend({
  content: z.string(),
  memo: z.string(),
  /** For a logged-in player: 1 when already applied. */
  applied: z.number(),
});
export type ActivityType = z.infer<typeof activityTypeSchema>;
export type Activity = z.infer<typeof activitySchema>;
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const applyLogBodySchema = z.object({ page: pageField });
export const activityApplicationSchema = z.object({
  id: z.number(),
  activity_name: z.string(),
  created_at: z.string(),
  /** 1 pending review, 2 approved, 3 rejected. */
  state: z.number(),
});
export const activityApplicationPageSchema = pageSchema(activityApplicationSchema);

/** A VIP level row (spec section 3) with whether the player's deposits and turnover reach it. */
export const vipLevelSchema = z.object({
  level: z.number(),
  name: z.string(),
  recharge: z.number(),
  flow: z.number(),
  /** Turnover to keep the level within 90 days. */
  retention: z.number(),
  realperson: z.number(),
  sport: z.number(),
  e_sport: z.number(),
  joker: z.number(),
  electron: z.number(),
  lottery: z.number(),
  /** 1 when the player's cumulative deposit and turnover both reach it (0 for visitors). */
  reached: z.number(),
  /** The player's cumulative deposit and turnover (0 for visitors), the same on every row. */
  my_recharge: z.number(),
  my_flow: z.number(),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

export const articleBodySchema = z.object({
  type: intField.pipe(z.number().int().min(1).max(8)),
  scope: z.enum(ARTICLE_SCOPES).optional().default('help'),
});
export const articleSchema = z.object({ title: z.string(), content: z.string() });

export const sponsorSchema = z.object({
  type: z.number(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  /** The sponsor's page, shown in a frame on /zhanzhuye. */
  url: z.string(),
});

export const agentApplyBodySchema = z
  .object({
    mobile: z.string().trim().max(20).default(''),
    apply_info: z.string().trim().max(400).default(''),
  })
  .superRefine((v, ctx) => {
    const message =
      agentApplicationError({ mobile: v.mobile, reason: v.apply_info }) ??
      (v.apply_info.length > 200 ? CONTENT_SERVER_MSG.reasonTooLong : null);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
