import { CONTENT_ADMIN_MSG, type messageInput } from '@app/contract/admin/content';
import { PROTECTION_MSG } from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError, badInput, conflict } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { tellEveryPlayer, tellPlayer } from '../events/service';
import { findUserByUsername, playerIdsWhere, usernamesByIds } from '../players/service';
import { isRestricted, unrestrictedPlayers } from '../protection/service';
import * as repo from './operator-repository';
import { insertMessage } from './repository';

type MessageInput = z.infer<typeof messageInput>;

/**
 * An operator's in-site message: to one player, or to every player of a VIP level or to everyone.
 * A promotional one is refused to a player who has shut promotions out with a time-out or
 * self-exclusion, and a broadcast leaves such players out; a service notice reaches everyone. One
 * row per player, so each reads and counts it on their own.
 */
export async function sendMessages(ctx: AppContext, input: MessageInput): Promise<{ sent: number }> {
  const message = {
    title: input.title,
    content: sanitizeHtml(input.content),
    promotional: input.promotional,
    at: ctx.clock.now(),
  };
  if (input.to === 'player') {
    const user = await findUserByUsername(ctx.db, input.username);
    if (!user) throw new AppError(404, '玩家不存在');
    if (input.promotional && (await isRestricted(ctx, user.id))) throw conflict(PROTECTION_MSG.noPromotions);
    await insertMessage(ctx.db, {
      userId: user.id,
      title: message.title,
      content: message.content,
      promotional: message.promotional,
      createdAt: message.at,
    });
    await tellPlayer(ctx, user.id, { type: 'message' });
    return { sent: 1 };
  }
  const sent = await repo.insertMessages(
    ctx.db,
    message,
    playerIdsWhere(ctx.db, {
      vip: input.to === 'vip' ? input.vip : undefined,
      only: input.promotional ? unrestrictedPlayers(ctx) : undefined,
    }),
  );
  if (sent === 0) throw badInput(CONTENT_ADMIN_MSG.noRecipients);
  // Every open app asks for its unread count again (those without a new message find it unchanged).
  await tellEveryPlayer(ctx, { type: 'message' });
  return { sent };
}

/** The latest messages sent, newest first, with whom each went to and whether it was read. */
export async function sentMessages(ctx: AppContext) {
  const rows = await repo.latestMessages(ctx.db, 200);
  const usernames = await usernamesByIds(
    ctx.db,
    rows.map((m) => m.userId),
  );
  return rows.map((m) => ({
    id: m.id,
    username: usernames.get(m.userId) ?? '',
    title: m.title,
    content: m.content,
    created_at: toBeijingString(m.createdAt),
    read: m.readAt !== null,
  }));
}

/** Takes one message back from its player; false when there is none. */
export function deleteMessage(q: Queryable, id: number) {
  return repo.deleteMessage(q, id);
}
