import type { Activity, ActivityDetail, Notice } from '@app/contract/content';
import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import type { Page } from '@app/contract/paging';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { toBeijingString } from '@app/contract/time';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  activities,
  activityApplications,
  activityTypes,
  articles,
  banners,
  homeNotices,
  messages,
  notices,
  sponsors,
} from '../../db/schema/content';
import { AppError, conflict } from '../../lib/errors';
import { pageOf, pageOffset } from '../../lib/paging';
import { assertNotRestricted, isRestricted } from '../protection/service';

export async function bannerList(ctx: AppContext) {
  const rows = await ctx.db
    .select()
    .from(banners)
    .where(eq(banners.enabled, true))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((b) => ({ src: b.image, link: b.link }));
}

export async function homeNoticeList(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .select()
    .from(homeNotices)
    .where(eq(homeNotices.enabled, true))
    .orderBy(asc(homeNotices.sort), asc(homeNotices.id));
  return rows.map((n) => n.text);
}

/** Announcements (type 1), or the player's in-site messages (type 2), newest first. */
export async function noticeList(
  ctx: AppContext,
  userId: number | undefined,
  type: number,
  page: number,
): Promise<Page<Notice>> {
  if (type === 2 && userId === undefined) throw new AppError(401, '请先登录');
  // Announcements are everyone's and count as read; messages are the player's own.
  const table = type === 2 ? messages : notices;
  const where =
    type === 2 && userId !== undefined ? await deliveredTo(ctx, userId) : eq(notices.enabled, true);
  const [total] = await ctx.db.select({ n: count() }).from(table).where(where);
  const rows = await ctx.db
    .select({
      id: table.id,
      title: table.title,
      content: table.content,
      createdAt: table.createdAt,
      ...(type === 2 ? { readAt: messages.readAt } : {}),
    })
    .from(table)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(RECORDS_PAGE_SIZE)
    .offset(pageOffset(page));
  return pageOf(
    page,
    total?.n ?? 0,
    rows.map((m) => ({
      id: Number(m.id),
      title: m.title,
      content: m.content,
      created_at: toBeijingString(m.createdAt),
      is_read: 'readAt' in m && m.readAt === null ? 0 : 1,
    })),
  );
}

/**
 * The player's in-site messages as delivered: while a time-out or self-exclusion binds the player,
 * promotional ones are held back (security messages always reach them).
 */
async function deliveredTo(ctx: AppContext, userId: number) {
  const own = eq(messages.userId, userId);
  return (await isRestricted(ctx, userId)) ? and(own, eq(messages.promotional, false)) : own;
}

/** Unread in-site messages (the shell's messageNum). */
export async function unreadMessages(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(await deliveredTo(ctx, userId), isNull(messages.readAt)));
  return { num: row?.n ?? 0 };
}

/** Marks one of the player's own messages read; another player's message is never found. */
export async function readMessage(ctx: AppContext, userId: number, id: number) {
  await ctx.db
    .update(messages)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(messages.id, id), eq(messages.userId, userId), isNull(messages.readAt)));
  return unreadMessages(ctx, userId);
}

export async function activityTypeList(ctx: AppContext) {
  const rows = await ctx.db
    .select()
    .from(activityTypes)
    .orderBy(asc(activityTypes.sort), asc(activityTypes.id));
  return rows.map((t) => ({ id: t.id, name: t.name }));
}

const activityOf = (a: typeof activities.$inferSelect): Activity => ({
  id: a.id,
  title: a.title,
  banner: a.banner,
  type: a.typeId,
  cate: a.cate,
});

export async function activityList(ctx: AppContext, type: number | undefined) {
  const where = and(eq(activities.enabled, true), type ? eq(activities.typeId, type) : undefined) as SQL;
  const rows = await ctx.db
    .select()
    .from(activities)
    .where(where)
    .orderBy(asc(activities.sort), desc(activities.id));
  return { data: rows.map(activityOf) };
}

async function shownActivity(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.enabled, true)));
  if (!row) throw new AppError(404, CONTENT_SERVER_MSG.activityMissing);
  return row;
}

export async function activityDetail(
  ctx: AppContext,
  userId: number | undefined,
  id: number,
): Promise<ActivityDetail> {
  const row = await shownActivity(ctx, id);
  const [applied] = userId
    ? await ctx.db
        .select({ id: activityApplications.id })
        .from(activityApplications)
        .where(and(eq(activityApplications.userId, userId), eq(activityApplications.activityId, id)))
    : [];
  return { ...activityOf(row), content: row.content, memo: row.memo, applied: applied ? 1 : 0 };
}

/** One application per player and activity; it waits for review (state 1). */
export async function applyForActivity(ctx: AppContext, userId: number, id: number) {
  await shownActivity(ctx, id);
  await assertNotRestricted(ctx, userId, 'activity');
  const [row] = await ctx.db
    .insert(activityApplications)
    .values({ userId, activityId: id, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(CONTENT_SERVER_MSG.activityTwice);
  return CONTENT_SERVER_MSG.activityApplied;
}

export async function applicationLog(ctx: AppContext, userId: number, page: number) {
  const where = eq(activityApplications.userId, userId);
  const [total] = await ctx.db.select({ n: count() }).from(activityApplications).where(where);
  const rows = await ctx.db
    .select({ a: activityApplications, title: activities.title })
    .from(activityApplications)
    .innerJoin(activities, eq(activities.id, activityApplications.activityId))
    .where(where)
    .orderBy(desc(activityApplications.createdAt), desc(activityApplications.id))
    .limit(RECORDS_PAGE_SIZE)
    .offset(pageOffset(page));
  return pageOf(
    page,
    total?.n ?? 0,
    rows.map(({ a, title }) => ({
      id: a.id,
      activity_name: title,
      created_at: toBeijingString(a.createdAt),
      state: a.state,
    })),
  );
}

export async function article(ctx: AppContext, scope: string, type: number) {
  const [row] = await ctx.db
    .select()
    .from(articles)
    .where(and(eq(articles.scope, scope), eq(articles.type, type)));
  if (!row) throw new AppError(404, '暂无内容');
  return { title: row.title, content: row.content };
}

export async function sponsorList(ctx: AppContext) {
  const rows = await ctx.db.select().from(sponsors).orderBy(asc(sponsors.type));
  return rows.map((s) => ({
    type: s.type,
    title: s.title,
    subtitle: s.subtitle,
    image: s.image,
    url: `/sponsor/${s.type}`,
  }));
}

export async function sponsor(ctx: AppContext, type: number) {
  const [row] = await ctx.db.select().from(sponsors).where(eq(sponsors.type, type));
  return row;
}
