import { MONEY_MSG, type WithdrawalRisk } from '@app/contract/admin/money';
import { centsToAmount } from '@app/contract/money';
import { ReviewState } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { bets } from '../../db/schema/games';
import { ledgerPending } from '../../db/schema/ledger';
import { deposits } from '../../db/schema/payments';
import { sessions, users } from '../../db/schema/users';
import { cards, withdrawals } from '../../db/schema/wallet';
import { PendingState } from '../../ledger/ledger';
import { AppError } from '../../lib/errors';
import { findWithdrawal } from '../withdrawals/service';
import { findReview, operatorName } from './claims';
import { fourEyesThreshold } from './decisions';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 30;
/** Players sharing a card or an address: a reviewer needs the first few, not a census. */
const SHARED_LIMIT = 20;

/** A sum of cents (as text: it may pass 2^53) and a count. */
const sumOf = (column: PgColumn) => ({
  total: sql<string | null>`sum(${column})::text`,
  n: sql<number>`count(*)::int`,
});
const amountOf = (row: { total: string | null } | undefined) => centsToAmount(BigInt(row?.total ?? 0));

/**
 * What a reviewer reads before paying a withdrawal out: what turnover the player still owes, their
 * money and results of the last 30 days, how old the account is, what changed on it lately
 * (passwords, cards), and who else uses its cards or addresses.
 */
export async function withdrawalRisk(ctx: AppContext, orderNo: string): Promise<WithdrawalRisk> {
  const w = await findWithdrawal(ctx.db, orderNo);
  if (!w) throw new AppError(404, MONEY_MSG.orderNotFound);
  const [player] = await ctx.db.select().from(users).where(eq(users.id, w.userId));
  if (!player) throw new AppError(404, MONEY_MSG.orderNotFound);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const db = ctx.db;

  const [[dep], [wd], [game], ownCards, ips, threshold, review] = await Promise.all([
    db
      .select(sumOf(deposits.amount))
      .from(deposits)
      .where(
        and(
          eq(deposits.userId, w.userId),
          eq(deposits.state, ReviewState.approved),
          gte(deposits.settledAt, since),
        ),
      ),
    db
      .select(sumOf(withdrawals.amount))
      .from(withdrawals)
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .where(
        and(
          eq(withdrawals.userId, w.userId),
          eq(ledgerPending.state, PendingState.settled),
          gte(ledgerPending.resolvedAt, since),
        ),
      ),
    db
      .select(sumOf(bets.winLoss))
      .from(bets)
      .where(and(eq(bets.userId, w.userId), gte(bets.placedAt, since))),
    db.select().from(cards).where(eq(cards.userId, w.userId)),
    db
      .selectDistinct({ ip: sessions.ip })
      .from(sessions)
      .where(and(eq(sessions.userId, w.userId), ne(sessions.ip, ''))),
    fourEyesThreshold(db),
    findReview(db, 'withdrawal', orderNo),
  ]);

  const changes: { at: Date; what: string }[] = [];
  if (player.passwordChangedAt && player.passwordChangedAt >= since)
    changes.push({ at: player.passwordChangedAt, what: '修改登录密码' });
  if (player.payPasswordChangedAt && player.payPasswordChangedAt >= since)
    changes.push({ at: player.payPasswordChangedAt, what: '修改支付密码' });
  for (const c of ownCards) {
    const label = `${c.bank} ${c.bankNo}`;
    if (c.createdAt >= since) changes.push({ at: c.createdAt, what: `绑定 ${label}` });
    if (c.removedAt && c.removedAt >= since) changes.push({ at: c.removedAt, what: `删除 ${label}` });
  }
  changes.sort((a, b) => b.at.getTime() - a.at.getTime());

  const numbers = [...new Set(ownCards.map((c) => c.bankNo))];
  const addresses = [...new Set([...ips.map((r) => r.ip), player.lastLoginIp ?? ''].filter(Boolean))];
  const [byCard, byIp] = await Promise.all([
    numbers.length === 0
      ? []
      : db
          .selectDistinct({ id: users.id, username: users.username, number: cards.bankNo })
          .from(cards)
          .innerJoin(users, eq(users.id, cards.userId))
          .where(and(inArray(cards.bankNo, numbers), ne(cards.userId, w.userId)))
          .limit(SHARED_LIMIT),
    addresses.length === 0
      ? []
      : db
          .selectDistinct({ id: users.id, username: users.username, ip: sessions.ip })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(inArray(sessions.ip, addresses), ne(sessions.userId, w.userId)))
          .limit(SHARED_LIMIT),
  ]);

  return {
    order_no: w.orderNo,
    player_id: player.id,
    username: player.username,
    amount: centsToAmount(w.amount),
    turnover_required: centsToAmount(player.turnoverRequired),
    account_age_days: Math.floor((now.getTime() - player.createdAt.getTime()) / DAY_MS),
    registered_at: toBeijingString(player.createdAt),
    last_30_days: {
      deposits: amountOf(dep),
      deposit_count: dep?.n ?? 0,
      withdrawals: amountOf(wd),
      withdrawal_count: wd?.n ?? 0,
      game_result: amountOf(game),
      bet_count: game?.n ?? 0,
    },
    recent_changes: changes.map((c) => ({ at: toBeijingString(c.at), what: c.what })),
    shared_with: [
      ...byCard.map((r) => ({ player_id: r.id, username: r.username, via: `同一收款账户 ${r.number}` })),
      ...byIp.map((r) => ({ player_id: r.id, username: r.username, via: `同一IP ${r.ip}` })),
    ],
    four_eyes: {
      required: w.amount > threshold,
      threshold: centsToAmount(threshold),
      first_approved_by: review?.firstApprovedBy ? await operatorName(db, review.firstApprovedBy) : '',
    },
  };
}
