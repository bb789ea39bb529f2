import { CONTENT_ADMIN_MSG, type messageInput } from '@app/contract/admin/content';
import { PROTECTION_MSG } from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { messages } from '../../db/schema/content';
import { users } from '../../db/schema/users';
import { AppError, badInput, conflict } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { findUserByUsername } from '../auth/repository';
import { isRestricted } from '../protection/restrictions';

type MessageInput = z.infer<typeof messageInput>;

/**
 * An operator's in-site message: to one player, or to every player of a VIP level or to everyone.
 * A promotional one is refused to a player who has shut promotions out with a time-out or
 * self-exclusion, and a broadcast leaves such players out; a service notice reaches everyone. One
 * row per player, so each reads and counts it on their own.
 */
export async function sendMessages(ctx: AppContext, input: MessageInput): Promise<{ sent: number }> {
  const content = sanitizeHtml(input.content);
  const now = ctx.clock.now();
  if (input.to === 'player') {
    const user = await findUserByUsername(ctx.db, input.username);
    if (!user) throw new AppError(404, '玩家不存在');
    if (input.promotional && (await isRestricted(ctx, user.id))) throw conflict(PROTECTION_MSG.noPromotions);
    await ctx.db.insert(messages).values({
      userId: user.id,
      title: input.title,
      content,
      promotional: input.promotional,
      createdAt: now,
    });
    return { sent: 1 };
  }
  const level = input.to === 'vip' ? sql`AND u.vip = ${input.vip}` : sql``;
  const unrestricted = input.promotional
    ? sql`AND NOT EXISTS (SELECT 1 FROM player_restrictions r WHERE r.user_id = u.id AND r.ends_at > ${now})`
    : sql``;
  const result = await ctx.db.execute(sql`
    INSERT INTO messages (user_id, title, content, promotional, created_at)
    SELECT u.id, ${input.title}, ${content}, ${input.promotional}, ${now} FROM users u
    WHERE true ${unrestricted} ${level}
    RETURNING id`);
  const sent = (result as unknown as { rows: unknown[] }).rows.length;
  if (sent === 0) throw badInput(CONTENT_ADMIN_MSG.noRecipients);
  return { sent };
}

/** The latest messages sent, newest first, with whom each went to and whether it was read. */
export async function sentMessages(ctx: AppContext) {
  const rows = await ctx.db
    .select({ m: messages, username: users.username })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(200);
  return rows.map(({ m, username }) => ({
    id: m.id,
    username,
    title: m.title,
    content: m.content,
    created_at: toBeijingString(m.createdAt),
    read: m.readAt !== null,
  }));
}

/** Takes one message back from its player; false when there is none. */
export async function deleteMessage(q: Queryable, id: number) {
  const [row] = await q.delete(messages).where(eq(messages.id, id)).returning();
  return row;
}
