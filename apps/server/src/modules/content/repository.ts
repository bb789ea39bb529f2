import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  activities,
  activityTypes,
  articles,
  banners,
  homeNotices,
  messages,
  notices,
  sponsors,
} from '../../db/schema/content';

export type ActivityRow = typeof activities.$inferSelect;

/** Whose messages: the player's own, only the non-promotional ones while a restriction binds. */
export interface Inbox {
  userId: number;
  serviceOnly: boolean;
}

const inboxOf = (inbox: Inbox) =>
  and(eq(messages.userId, inbox.userId), inbox.serviceOnly ? eq(messages.promotional, false) : undefined);

export function shownBanners(q: Queryable) {
  return q
    .select()
    .from(banners)
    .where(eq(banners.enabled, true))
    .orderBy(asc(banners.sort), asc(banners.id));
}

export function shownHomeNotices(q: Queryable) {
  return q
    .select()
    .from(homeNotices)
    .where(eq(homeNotices.enabled, true))
    .orderBy(asc(homeNotices.sort), asc(homeNotices.id));
}

/** One page of published announcements, newest first, and how many there are. */
export async function announcementPage(q: Queryable, limit: number, offset: number) {
  const where = eq(notices.enabled, true);
  const [total] = await q.select({ n: count() }).from(notices).where(where);
  const rows = await q
    .select({ id: notices.id, title: notices.title, content: notices.content, createdAt: notices.createdAt })
    .from(notices)
    .where(where)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** One page of the player's in-site messages, newest first, and how many there are. */
export async function messagePage(q: Queryable, inbox: Inbox, limit: number, offset: number) {
  const where = inboxOf(inbox);
  const [total] = await q.select({ n: count() }).from(messages).where(where);
  const rows = await q
    .select({
      id: messages.id,
      title: messages.title,
      content: messages.content,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function countUnread(q: Queryable, inbox: Inbox): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(messages)
    .where(and(inboxOf(inbox), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the player's own messages read; another player's message is never found. */
export async function markRead(q: Queryable, userId: number, id: number, at: Date): Promise<void> {
  await q
    .update(messages)
    .set({ readAt: at })
    .where(and(eq(messages.id, id), eq(messages.userId, userId), isNull(messages.readAt)));
}

export function activityTypesInOrder(q: Queryable) {
  return q.select().from(activityTypes).orderBy(asc(activityTypes.sort), asc(activityTypes.id));
}

export function shownActivities(q: Queryable, type: number | undefined) {
  return q
    .select()
    .from(activities)
    .where(and(eq(activities.enabled, true), type ? eq(activities.typeId, type) : undefined))
    .orderBy(asc(activities.sort), desc(activities.id));
}

export async function findShownActivity(q: Queryable, id: number): Promise<ActivityRow | undefined> {
  const [row] = await q
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.enabled, true)));
  return row;
}

/** The titles of activities by id, hidden ones too (an application names its activity). */
export async function activityTitlesByIds(
  q: Queryable,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(inArray(activities.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function findArticle(q: Queryable, scope: string, type: number) {
  const [row] = await q
    .select()
    .from(articles)
    .where(and(eq(articles.scope, scope), eq(articles.type, type)));
  return row;
}

export function sponsorsInOrder(q: Queryable) {
  return q.select().from(sponsors).orderBy(asc(sponsors.type));
}

export async function findSponsor(q: Queryable, type: number) {
  const [row] = await q.select().from(sponsors).where(eq(sponsors.type, type));
  return row;
}

/** A banner's picture text, by id (shown or not: a cached page may still show it). */
export async function findBannerArt(q: Queryable, id: number) {
  const [row] = await q.select().from(banners).where(eq(banners.id, id));
  return row;
}

/** An activity's picture text: its title and its type's name. */
export async function findActivityArt(q: Queryable, id: number) {
  const [row] = await q
    .select({ id: activities.id, title: activities.title, type: activityTypes.name })
    .from(activities)
    .leftJoin(activityTypes, eq(activityTypes.id, activities.typeId))
    .where(eq(activities.id, id));
  return row;
}

/** One in-site message to one player. */
export async function insertMessage(q: Queryable, message: typeof messages.$inferInsert): Promise<void> {
  await q.insert(messages).values(message);
}
