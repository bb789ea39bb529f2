import type { AppContext } from '../../context';
import { messages } from '../../db/schema/content';
import { escapeHtml } from '../../lib/html';

/**
 * An in-site message about the account's security (a login from a new device, a password, card,
 * two-factor, limit or restriction change). Not promotional: a restricted player receives these.
 */
export async function notifySecurity(
  ctx: AppContext,
  userId: number,
  title: string,
  text: string,
): Promise<void> {
  await ctx.db.insert(messages).values({
    userId,
    title: `【账户安全】${title}`,
    content: `<p>${escapeHtml(text)}</p><p>如非本人操作，请立即修改密码并联系在线客服。</p>`,
    createdAt: ctx.clock.now(),
    promotional: false,
  });
}
