import {
  articleKey,
  CONTENT_ADMIN_MSG,
  type ContentInput,
  type ContentKind,
  type ContentRow,
} from '@app/contract/admin/content';
import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import type { PictureFormat } from '@app/contract/pictures';
import { toBeijingString } from '@app/contract/time';
import { and, asc, count, desc, eq, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  activities,
  activityTypes,
  articles,
  banners,
  contentImages,
  contentImageVariants,
  homeNotices,
  messages,
  notices,
  sponsors,
} from '../../db/schema/content';
import { AppError, badInput, conflict } from '../../lib/errors';
import type { PictureVariant } from '../../lib/picture-variants';
import { sanitizeHtml } from '../../lib/sanitize';
import { type IdColumn, idOf } from '../../lib/schemas';

/**
 * The operator's content, one store per kind: its rows as the console lists them, and create, edit
 * and delete by the row's key (a number; articles `scope-type`, sponsors their type). HTML is
 * sanitised here, on the way in, whoever calls.
 */
export interface ContentStore<K extends ContentKind> {
  list(q: Queryable): Promise<ContentRow[]>;
  create(q: Queryable, input: ContentInput<K>, now: Date): Promise<string>;
  /** The row before the edit, or undefined when there is none. */
  update(q: Queryable, id: string, input: ContentInput<K>): Promise<ContentRow | undefined>;
  remove(q: Queryable, id: string): Promise<ContentRow | undefined>;
}

const missing = () => new AppError(404, CONTENT_ADMIN_MSG.missing);
/** A row's number from its key's text: one its column cannot hold names no row. */
const numberIn = (column: IdColumn, text: string): number => {
  const parsed = idOf(column).safeParse(text);
  if (!parsed.success) throw missing();
  return parsed.data;
};
const serialOf = (id: string) => numberIn('integer', id);

/** Rows a statement returned, on PostgreSQL and PGlite alike. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Tables kept in an order (sort) and shown only while published (enabled), by the console's kind. */
const SWITCHED = { banners, 'home-notices': homeNotices, notices, activities } as const;
const SORTED = { banners, 'home-notices': homeNotices, activities, 'activity-types': activityTypes } as const;

/** One in-site message to every player `to` selects (players' playerIdsWhere), a row each; answers how many. */
export async function insertMessages(
  q: Queryable,
  m: { title: string; content: string; promotional: boolean; at: Date },
  to: SQLWrapper,
): Promise<number> {
  const result = await q.execute(sql`
    INSERT INTO ${messages} (user_id, title, content, promotional, created_at)
    SELECT r.id, ${m.title}, ${m.content}, ${m.promotional}, ${m.at} FROM (${to}) AS r
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Publishes or unpublishes one row; false when there is none. */
export async function setPublished(
  q: Queryable,
  kind: keyof typeof SWITCHED,
  id: string,
  enabled: boolean,
): Promise<boolean> {
  const table = SWITCHED[kind];
  const result = await q.execute(
    sql`UPDATE ${table} SET ${sql.identifier('enabled')} = ${enabled} WHERE ${sql.identifier('id')} = ${serialOf(id)} RETURNING 1`,
  );
  return rowsOf(result).length > 0;
}

/** Puts the rows in the given order (sort 10, 20, ...); rows not named keep their place after them. */
export async function setOrder(q: Queryable, kind: keyof typeof SORTED, ids: readonly string[]) {
  const table = SORTED[kind];
  for (const [i, id] of ids.entries()) {
    await q.execute(
      sql`UPDATE ${table} SET ${sql.identifier('sort')} = ${(i + 1) * 10} WHERE ${sql.identifier('id')} = ${serialOf(id)}`,
    );
  }
}

export const isSwitched = (kind: ContentKind): kind is keyof typeof SWITCHED => kind in SWITCHED;
export const isSorted = (kind: ContentKind): kind is keyof typeof SORTED => kind in SORTED;

const bannerRow = (b: typeof banners.$inferSelect): ContentRow => ({ ...b, id: String(b.id) });

const bannerStore: ContentStore<'banners'> = {
  list: async (q) =>
    (await q.select().from(banners).orderBy(asc(banners.sort), asc(banners.id))).map(bannerRow),
  async create(q, input) {
    const [row] = await q
      .insert(banners)
      .values({ ...input, sort: await nextSort(q, banners), image: input.image || 'pending' })
      .returning({ id: banners.id });
    if (!row) throw new Error('banner not stored');
    if (!input.image)
      await q
        .update(banners)
        .set({ image: `/art/banners/${row.id}.svg` })
        .where(eq(banners.id, row.id));
    return String(row.id);
  },
  async update(q, id, input) {
    const [before] = await q
      .select()
      .from(banners)
      .where(eq(banners.id, serialOf(id)));
    if (!before) return undefined;
    await q
      .update(banners)
      .set({ ...input, image: input.image || `/art/banners/${before.id}.svg` })
      .where(eq(banners.id, before.id));
    return bannerRow(before);
  },
  async remove(q, id) {
    const [before] = await q
      .delete(banners)
      .where(eq(banners.id, serialOf(id)))
      .returning();
    return before && bannerRow(before);
  },
};

/** The sort after the last row's: a new row comes last. */
async function nextSort(q: Queryable, table: (typeof SORTED)[keyof typeof SORTED]): Promise<number> {
  const result = await q.execute(
    sql`SELECT coalesce(max(${sql.identifier('sort')}), 0) + 10 AS next FROM ${table}`,
  );
  return Number(rowsOf(result)[0]?.next ?? 10);
}

const homeNoticeStore: ContentStore<'home-notices'> = {
  list: async (q) =>
    (await q.select().from(homeNotices).orderBy(asc(homeNotices.sort), asc(homeNotices.id))).map((n) => ({
      ...n,
      id: String(n.id),
    })),
  async create(q, input) {
    const [row] = await q
      .insert(homeNotices)
      .values({ ...input, sort: await nextSort(q, homeNotices) })
      .returning({ id: homeNotices.id });
    return String(row?.id);
  },
  async update(q, id, input) {
    const [before] = await q
      .select()
      .from(homeNotices)
      .where(eq(homeNotices.id, serialOf(id)));
    if (!before) return undefined;
    await q.update(homeNotices).set(input).where(eq(homeNotices.id, before.id));
    return { ...before, id };
  },
  async remove(q, id) {
    const [before] = await q
      .delete(homeNotices)
      .where(eq(homeNotices.id, serialOf(id)))
      .returning();
    return before && { ...before, id };
  },
};

const noticeRow = (n: typeof notices.$inferSelect): ContentRow => ({
  id: String(n.id),
  title: n.title,
  content: n.content,
  enabled: n.enabled,
  created_at: toBeijingString(n.createdAt),
});

const noticeStore: ContentStore<'notices'> = {
  list: async (q) =>
    (await q.select().from(notices).orderBy(desc(notices.createdAt), desc(notices.id))).map(noticeRow),
  async create(q, input, now) {
    const [row] = await q
      .insert(notices)
      .values({ ...input, content: sanitizeHtml(input.content), createdAt: now })
      .returning({ id: notices.id });
    return String(row?.id);
  },
  async update(q, id, input) {
    const [before] = await q
      .select()
      .from(notices)
      .where(eq(notices.id, serialOf(id)));
    if (!before) return undefined;
    await q
      .update(notices)
      .set({ ...input, content: sanitizeHtml(input.content) })
      .where(eq(notices.id, before.id));
    return noticeRow(before);
  },
  async remove(q, id) {
    const [before] = await q
      .delete(notices)
      .where(eq(notices.id, serialOf(id)))
      .returning();
    return before && noticeRow(before);
  },
};

const activityRow = (a: typeof activities.$inferSelect): ContentRow => ({
  id: String(a.id),
  type_id: a.typeId,
  cate: a.cate,
  title: a.title,
  banner: a.banner,
  content: a.content,
  memo: a.memo,
  sort: a.sort,
  enabled: a.enabled,
  created_at: toBeijingString(a.createdAt),
});

async function assertType(q: Queryable, typeId: number) {
  const [type] = await q
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(eq(activityTypes.id, typeId));
  if (!type) throw badInput(CONTENT_SERVER_MSG.activityTypeMissing);
}

const activityValues = (input: ContentInput<'activities'>) => ({
  typeId: input.type_id,
  cate: input.cate,
  title: input.title,
  content: sanitizeHtml(input.content),
  memo: sanitizeHtml(input.memo),
  enabled: input.enabled,
});

const activityStore: ContentStore<'activities'> = {
  list: async (q) =>
    (await q.select().from(activities).orderBy(asc(activities.sort), desc(activities.id))).map(activityRow),
  async create(q, input, now) {
    await assertType(q, input.type_id);
    const [row] = await q
      .insert(activities)
      .values({
        ...activityValues(input),
        banner: input.banner || 'pending',
        sort: await nextSort(q, activities),
        createdAt: now,
      })
      .returning({ id: activities.id });
    if (!row) throw new Error('activity not stored');
    if (!input.banner)
      await q
        .update(activities)
        .set({ banner: `/art/activities/${row.id}.svg` })
        .where(eq(activities.id, row.id));
    return String(row.id);
  },
  async update(q, id, input) {
    const [before] = await q
      .select()
      .from(activities)
      .where(eq(activities.id, serialOf(id)));
    if (!before) return undefined;
    await assertType(q, input.type_id);
    await q
      .update(activities)
      .set({ ...activityValues(input), banner: input.banner || `/art/activities/${before.id}.svg` })
      .where(eq(activities.id, before.id));
    return activityRow(before);
  },
  async remove(q, id) {
    const [before] = await q
      .select()
      .from(activities)
      .where(eq(activities.id, serialOf(id)));
    if (!before) return undefined;
    // Applications keep their activity: one that players applied for is unpublished, not deleted.
    const result = await q.execute(
      sql`DELETE FROM activities a WHERE a.id = ${before.id} AND NOT EXISTS (SELECT 1 FROM activity_applications x WHERE x.activity_id = a.id) RETURNING 1`,
    );
    if (rowsOf(result).length === 0) throw conflict('已有玩家申请该活动，只能下架，不能删除');
    return activityRow(before);
  },
};

const activityTypeStore: ContentStore<'activity-types'> = {
  list: async (q) =>
    (await q.select().from(activityTypes).orderBy(asc(activityTypes.sort), asc(activityTypes.id))).map(
      (t) => ({
        ...t,
        id: String(t.id),
      }),
    ),
  async create(q, input) {
    const [row] = await q
      .insert(activityTypes)
      .values({ ...input, sort: await nextSort(q, activityTypes) })
      .onConflictDoNothing()
      .returning({ id: activityTypes.id });
    if (!row) throw conflict('已有同名活动类型');
    return String(row.id);
  },
  async update(q, id, input) {
    const [before] = await q
      .select()
      .from(activityTypes)
      .where(eq(activityTypes.id, serialOf(id)));
    if (!before) return undefined;
    const [clash] = await q
      .select({ id: activityTypes.id })
      .from(activityTypes)
      .where(eq(activityTypes.name, input.name));
    if (clash && clash.id !== before.id) throw conflict('已有同名活动类型');
    await q.update(activityTypes).set(input).where(eq(activityTypes.id, before.id));
    return { ...before, id };
  },
  async remove(q, id) {
    const [before] = await q
      .select()
      .from(activityTypes)
      .where(eq(activityTypes.id, serialOf(id)));
    if (!before) return undefined;
    const [used] = await q.select({ n: count() }).from(activities).where(eq(activities.typeId, before.id));
    if ((used?.n ?? 0) > 0) throw conflict(CONTENT_ADMIN_MSG.typeInUse);
    await q.delete(activityTypes).where(eq(activityTypes.id, before.id));
    return { ...before, id };
  },
};

const articleWhere = (id: string) => {
  const [scope = '', type = ''] = id.split('-');
  return and(eq(articles.scope, scope), eq(articles.type, numberIn('smallint', type)));
};
const articleRow = (a: typeof articles.$inferSelect): ContentRow => ({
  id: articleKey(a.scope, a.type),
  ...a,
});

/** Articles are found by their page and type: creating one that exists replaces it. */
const articleStore: ContentStore<'articles'> = {
  list: async (q) =>
    (await q.select().from(articles).orderBy(asc(articles.scope), asc(articles.type))).map(articleRow),
  async create(q, input) {
    const values = { ...input, content: sanitizeHtml(input.content) };
    await q
      .insert(articles)
      .values(values)
      .onConflictDoUpdate({
        target: [articles.scope, articles.type],
        set: { title: values.title, content: values.content },
      });
    return articleKey(input.scope, input.type);
  },
  async update(q, id, input) {
    if (id !== articleKey(input.scope, input.type)) throw badInput('文章类型不能修改');
    const [before] = await q.select().from(articles).where(articleWhere(id));
    if (!before) return undefined;
    await q
      .update(articles)
      .set({ title: input.title, content: sanitizeHtml(input.content) })
      .where(articleWhere(id));
    return articleRow(before);
  },
  async remove(q, id) {
    const [before] = await q.delete(articles).where(articleWhere(id)).returning();
    return before && articleRow(before);
  },
};

const sponsorRow = (s: typeof sponsors.$inferSelect): ContentRow => ({ id: String(s.type), ...s });
const sponsorValues = (input: ContentInput<'sponsors'>) => ({
  ...input,
  image: input.image || `/art/sponsors/${input.type}.svg`,
  page: sanitizeHtml(input.page),
});

/** The two sponsor cards: each is set (created or replaced) and deleted by its type. */
const sponsorStore: ContentStore<'sponsors'> = {
  list: async (q) => (await q.select().from(sponsors).orderBy(asc(sponsors.type))).map(sponsorRow),
  async create(q, input) {
    const values = sponsorValues(input);
    await q.insert(sponsors).values(values).onConflictDoUpdate({ target: sponsors.type, set: values });
    return String(input.type);
  },
  async update(q, id, input) {
    if (id !== String(input.type)) throw badInput('赞助类型不能修改');
    const [before] = await q.select().from(sponsors).where(eq(sponsors.type, input.type));
    if (!before) return undefined;
    await q.update(sponsors).set(sponsorValues(input)).where(eq(sponsors.type, input.type));
    return sponsorRow(before);
  },
  async remove(q, id) {
    const [before] = await q
      .delete(sponsors)
      .where(eq(sponsors.type, numberIn('smallint', id)))
      .returning();
    return before && sponsorRow(before);
  },
};

export const CONTENT_STORES: { [K in ContentKind]: ContentStore<K> } = {
  banners: bannerStore,
  'home-notices': homeNoticeStore,
  notices: noticeStore,
  activities: activityStore,
  'activity-types': activityTypeStore,
  articles: articleStore,
  sponsors: sponsorStore,
};

/** The latest messages sent, newest first. */
export function latestMessages(q: Queryable, limit: number) {
  return q.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit);
}

export async function deleteMessage(q: Queryable, id: number) {
  const [row] = await q.delete(messages).where(eq(messages.id, id)).returning();
  return row;
}

export async function insertImage(q: Queryable, image: typeof contentImages.$inferInsert): Promise<void> {
  await q.insert(contentImages).values(image);
}

export async function findImage(q: Queryable, id: string) {
  const [row] = await q
    .select({
      mime: contentImages.mime,
      width: contentImages.width,
      height: contentImages.height,
      data: contentImages.data,
    })
    .from(contentImages)
    .where(eq(contentImages.id, id));
  return row;
}

export async function insertVariants(q: Queryable, imageId: string, variants: PictureVariant[]) {
  if (variants.length === 0) return;
  await q
    .insert(contentImageVariants)
    .values(variants.map((v) => ({ imageId, ...v })))
    .onConflictDoNothing();
}

/** The copy of `format` that answers a width asked for: the largest made for that width or below. */
export async function findVariant(q: Queryable, imageId: string, format: PictureFormat, askedWidth: number) {
  const [row] = await q
    .select({ data: contentImageVariants.data })
    .from(contentImageVariants)
    .where(
      and(
        eq(contentImageVariants.imageId, imageId),
        eq(contentImageVariants.format, format),
        lte(contentImageVariants.askedWidth, askedWidth),
      ),
    )
    .orderBy(desc(contentImageVariants.askedWidth))
    .limit(1);
  return row;
}
