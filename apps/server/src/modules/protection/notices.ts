import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { sendMessage } from '../content/service';

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
  await sendMessage(ctx.db, {
    userId,
    title: `【账户安全】${title}`,
    content: `<p>${escapeHtml(text)}</p><p>如非本人操作，请立即修改密码并联系在线客服。</p>`,
    createdAt: ctx.clock.now(),
    promotional: false,
  });
}
