import type { ListQuery } from '@app/contract/admin/fields';
import { MONEY_MSG, SETTLE_OUTCOME } from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { consolePage } from '../../lib/console-page';
import { AppError } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { usernamesByIds } from '../players/service';
import { venueNames } from '../venues/service';
import { reconcileVenueTransfer } from '../wallet/service';
import { pendingTransferPage } from './queue-read-model';

const DIRECTION = { in: '转入场馆', out: '转出场馆' } as const;

/** How long a transfer has waited, as an operator reads it: 3 分钟, 2 小时 5 分钟, 1 天 4 小时. */
export function ageLabel(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} 小时 ${minutes % 60} 分钟`;
  return `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`;
}

/** Venue transfers whose reservation still waits for the venue's answer, oldest first by default. */
export async function pendingTransfers(ctx: AppContext, query: ListQuery) {
  const { rows, total } = await pendingTransferPage(ctx.db, query);
  const [usernames, venues] = await Promise.all([
    usernamesByIds(
      ctx.db,
      rows.map(({ t }) => t.userId),
    ),
    venueNames(
      ctx.db,
      rows.map(({ t }) => t.venue),
    ),
  ]);
  const now = ctx.clock.now().getTime();
  const data: Row[] = rows.map(({ t }) => ({
    order_no: t.orderNo,
    player_id: t.userId,
    username: usernames.get(t.userId) ?? '',
    venue: venues.get(t.venue) ?? t.venue,
    direction: DIRECTION[t.direction],
    amount: centsToAmount(t.amount),
    created_at: toBeijingString(t.createdAt),
    age: ageLabel(now - t.createdAt.getTime()),
  }));
  return consolePage(query, total, data);
}

/**
 * Asks the venue about one transfer now and settles it by the answer (reconciliation's step). The
 * venue is asked outside any transaction; the audit row records what it answered.
 */
export async function settleTransferNow(ctx: AppContext, actor: Actor, orderNo: string) {
  const outcome = await reconcileVenueTransfer(ctx, orderNo);
  if (!outcome) throw new AppError(404, MONEY_MSG.transferNotFound);
  await recordAudit(ctx.db, ctx.clock.now(), actor, {
    action: 'transfers.settle',
    targetType: 'transfer',
    targetId: orderNo,
    after: { outcome: outcome.state },
  });
  return { state: outcome.state, message: SETTLE_OUTCOME[outcome.state] };
}
