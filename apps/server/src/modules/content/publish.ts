import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { PROTECTION_MSG } from '@app/contract/protection';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { activities, activityTypes, messages, notices } from '../../db/schema/content';
import { AppError, badInput, conflict } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { findUserByUsername } from '../auth/repository';
import { isRestricted } from '../protection/restrictions';

/** The operator's writes: every HTML field is sanitised before it is stored. */
export async function publishActivity(
  ctx: AppContext,
  input: { type_id: number; cate: number; title: string; content: string; memo: string },
) {
  const [type] = await ctx.db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(eq(activityTypes.id, input.type_id));
  if (!type) throw badInput(CONTENT_SERVER_MSG.activityTypeMissing);
  const [row] = await ctx.db
    .insert(activities)
    .values({
      typeId: input.type_id,
      cate: input.cate,
      title: input.title,
      banner: '',
      content: sanitizeHtml(input.content),
      memo: sanitizeHtml(input.memo),
    })
    .returning({ id: activities.id });
  if (!row) throw new Error('activity not stored');
  await ctx.db
    .update(activities)
    .set({ banner: `/art/activities/${row.id}.svg` })
    .where(eq(activities.id, row.id));
  return { id: row.id };
}

export async function publishNotice(ctx: AppContext, input: { title: string; content: string }) {
  const [row] = await ctx.db
    .insert(notices)
    .values({ title: input.title, content: sanitizeHtml(input.content), createdAt: ctx.clock.now() })
    .returning({ id: notices.id });
  return { id: row?.id ?? 0 };
}

export async function sendMessage(
  ctx: AppContext,
  input: { username: string; title: string; content: string; promotional: boolean },
) {
  const user = await findUserByUsername(ctx.db, input.username);
  if (!user) throw new AppError(404, '玩家不存在');
  if (input.promotional && (await isRestricted(ctx, user.id))) throw conflict(PROTECTION_MSG.noPromotions);
  const [row] = await ctx.db
    .insert(messages)
    .values({
      userId: user.id,
      title: input.title,
      content: sanitizeHtml(input.content),
      createdAt: ctx.clock.now(),
      promotional: input.promotional,
    })
    .returning({ id: messages.id });
  return { id: row?.id ?? 0 };
}
