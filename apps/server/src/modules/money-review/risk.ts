import { MONEY_MSG, type WithdrawalRisk } from '@app/contract/admin/money';
import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { PendingState } from '../../ledger/ledger';
import { AppError } from '../../lib/errors';
import { playersFromAddresses, sessionAddressesOf } from '../auth/service';
import { everyCardOf, playersWithCardNumbers } from '../cards/service';
import { approvedDepositTally } from '../deposits/service';
import { betTally } from '../games/service';
import { findPlayer, usernamesByIds } from '../players/service';
import { findWithdrawal, withdrawalTally } from '../withdrawals/service';
import { operatorName } from './claims';
import { fourEyesCheck } from './four-eyes';
import { findReview } from './repository';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 30;
/** Players sharing a card or an address: a reviewer needs the first few, not a census. */
const SHARED_LIMIT = 20;

const amountOf = (row: { total: string | null } | undefined) => centsToAmount(BigInt(row?.total ?? 0));

/**
 * What a reviewer reads before paying a withdrawal out: what turnover the player still owes, their
 * money and results of the last 30 days, how old the account is, what changed on it lately
 * (passwords, cards), and who else uses its cards or addresses; and whether the reader's approval
 * would need a second operator.
 */
export async function withdrawalRisk(
  ctx: AppContext,
  orderNo: string,
  reader: number,
): Promise<WithdrawalRisk> {
  const w = await findWithdrawal(ctx.db, orderNo);
  if (!w) throw new AppError(404, MONEY_MSG.orderNotFound);
  const player = await findPlayer(ctx.db, w.userId);
  if (!player) throw new AppError(404, MONEY_MSG.orderNotFound);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const db = ctx.db;

  const [dep, wd, game, ownCards, ips, fourEyes, review] = await Promise.all([
    approvedDepositTally(db, w.userId, since),
    withdrawalTally(db, w.userId, ctx.ledger.keysResolvedSince(PendingState.settled, since)),
    betTally(db, w.userId, since),
    everyCardOf(db, w.userId),
    sessionAddressesOf(db, w.userId),
    fourEyesCheck(db, reader, w.userId, w.amount, now),
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
    numbers.length === 0 ? [] : playersWithCardNumbers(db, w.userId, numbers, SHARED_LIMIT),
    addresses.length === 0 ? [] : playersFromAddresses(db, w.userId, addresses, SHARED_LIMIT),
  ]);
  const usernames = await usernamesByIds(
    db,
    [...byCard, ...byIp].map((r) => r.id),
  );
  const username = (id: number) => usernames.get(id) ?? '';

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
      ...byCard.map((r) => ({ player_id: r.id, username: username(r.id), via: `同一收款账户 ${r.number}` })),
      ...byIp.map((r) => ({ player_id: r.id, username: username(r.id), via: `同一IP ${r.ip}` })),
    ],
    four_eyes: {
      required: fourEyes.needsSecond,
      threshold: centsToAmount(fourEyes.threshold),
      first_approved_by: review?.firstApprovedBy ? await operatorName(db, review.firstApprovedBy) : '',
    },
  };
}
