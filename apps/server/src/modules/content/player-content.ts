import type { Activity, ActivityDetail, Notice } from '@app/contract/content';
import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import type { Page } from '@app/contract/paging';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../lib/errors';
import { pageOf, pageOffset } from '../../lib/paging';
import { activityApplicationPage, fileActivityApplication, hasApplied } from '../applications/service';
import { type Authenticated, confirmSession } from '../auth/service';
import { assertNotRestricted, isRestricted } from '../protection/service';
import * as repo from './repository';

export async function bannerList(ctx: AppContext) {
  const rows = await repo.shownBanners(ctx.db);
  return rows.map((b) => ({ src: b.image, link: b.link }));
}

export async function homeNoticeList(ctx: AppContext): Promise<string[]> {
  const rows = await repo.shownHomeNotices(ctx.db);
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
  const { total, rows } =
    type === 2 && userId !== undefined
      ? await repo.messagePage(ctx.db, await deliveredTo(ctx, userId), RECORDS_PAGE_SIZE, pageOffset(page))
      : await repo.announcementPage(ctx.db, RECORDS_PAGE_SIZE, pageOffset(page));
  return pageOf(
    page,
    total,
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
async function deliveredTo(ctx: AppContext, userId: number): Promise<repo.Inbox> {
  return { userId, serviceOnly: await isRestricted(ctx, userId) };
}

/** Unread in-site messages (the shell's messageNum). */
export async function unreadMessages(ctx: AppContext, userId: number) {
  return { num: await repo.countUnread(ctx.db, await deliveredTo(ctx, userId)) };
}

/** Marks one of the player's own messages read; another player's message is never found. */
export async function readMessage(ctx: AppContext, userId: number, id: number) {
  await repo.markRead(ctx.db, userId, id, ctx.clock.now());
  return unreadMessages(ctx, userId);
}

export async function activityTypeList(ctx: AppContext) {
  const rows = await repo.activityTypesInOrder(ctx.db);
  return rows.map((t) => ({ id: t.id, name: t.name }));
}

const activityOf = (a: repo.ActivityRow): Activity => ({
  id: a.id,
  title: a.title,
  banner: a.banner,
  type: a.typeId,
  cate: a.cate,
});

export async function activityList(ctx: AppContext, type: number | undefined) {
  const rows = await repo.shownActivities(ctx.db, type);
  return { data: rows.map(activityOf) };
}

async function shownActivity(ctx: AppContext, id: number) {
  const row = await repo.findShownActivity(ctx.db, id);
  if (!row) throw new AppError(404, CONTENT_SERVER_MSG.activityMissing);
  return row;
}

export async function activityDetail(
  ctx: AppContext,
  userId: number | undefined,
  id: number,
): Promise<ActivityDetail> {
  const row = await shownActivity(ctx, id);
  const applied = userId ? await hasApplied(ctx.db, userId, id) : false;
  return { ...activityOf(row), content: row.content, memo: row.memo, applied: applied ? 1 : 0 };
}

/** One application per player and activity; it waits for review. */
export async function applyForActivity(ctx: AppContext, { userId, sessionId }: Authenticated, id: number) {
  await shownActivity(ctx, id);
  await assertNotRestricted(ctx, userId, 'activity');
  const filed = await ctx.db.transaction(async (tx) => {
    await confirmSession(ctx, tx, sessionId);
    return fileActivityApplication(tx, { userId, activityId: id, createdAt: ctx.clock.now() });
  });
  if (!filed) throw conflict(CONTENT_SERVER_MSG.activityTwice);
  return CONTENT_SERVER_MSG.activityApplied;
}

export async function applicationLog(ctx: AppContext, userId: number, page: number) {
  const { total, rows } = await activityApplicationPage(ctx.db, userId, RECORDS_PAGE_SIZE, pageOffset(page));
  const titles = await repo.activityTitlesByIds(
    ctx.db,
    rows.map((a) => a.activityId),
  );
  return pageOf(
    page,
    total,
    rows.map((a) => ({
      id: a.id,
      activity_name: titles.get(a.activityId) ?? '',
      created_at: toBeijingString(a.createdAt),
      state: a.state,
    })),
  );
}

export async function article(ctx: AppContext, scope: string, type: number) {
  const row = await repo.findArticle(ctx.db, scope, type);
  if (!row) throw new AppError(404, '暂无内容');
  return { title: row.title, content: row.content };
}

export async function sponsorList(ctx: AppContext) {
  const rows = await repo.sponsorsInOrder(ctx.db);
  return rows.map((s) => ({
    type: s.type,
    title: s.title,
    subtitle: s.subtitle,
    image: s.image,
    url: `/sponsor/${s.type}`,
  }));
}

export function sponsor(ctx: AppContext, type: number) {
  return repo.findSponsor(ctx.db, type);
}

export const bannerArt = (ctx: AppContext, id: number) => repo.findBannerArt(ctx.db, id);
export const activityArt = (ctx: AppContext, id: number) => repo.findActivityArt(ctx.db, id);
