import type { ListQuery } from '@app/contract/admin/fields';
import { MONEY_MSG, SETTLE_OUTCOME } from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { ledgerPending } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { venues, venueTransfers } from '../../db/schema/wallet';
import { PendingState } from '../../ledger/ledger';
import { consolePage, sliceOf } from '../../lib/console-page';
import { AppError } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { reconcileVenueTransfer } from '../wallet/service';

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
  const where = and(eq(ledgerPending.state, PendingState.pending));
  const slice = sliceOf(query);
  const direction = slice.ascending ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ t: venueTransfers, username: users.username, venue: venues.name })
      .from(venueTransfers)
      .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
      .innerJoin(users, eq(users.id, venueTransfers.userId))
      .innerJoin(venues, eq(venues.code, venueTransfers.venue))
      .where(where)
      .orderBy(
        direction(query.sort === 'amount' ? venueTransfers.amount : venueTransfers.createdAt),
        direction(venueTransfers.id),
      )
      .limit(slice.limit)
      .offset(slice.offset),
    ctx.db
      .select({ n: count() })
      .from(venueTransfers)
      .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
      .where(where),
  ]);
  const now = ctx.clock.now().getTime();
  const data: Row[] = rows.map(({ t, username, venue }) => ({
    order_no: t.orderNo,
    player_id: t.userId,
    username,
    venue,
    direction: DIRECTION[t.direction],
    amount: centsToAmount(t.amount),
    created_at: toBeijingString(t.createdAt),
    age: ageLabel(now - t.createdAt.getTime()),
  }));
  return consolePage(query, Number(total?.n ?? 0), data);
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
