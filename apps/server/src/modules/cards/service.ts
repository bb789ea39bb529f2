import { MAX_CARDS_PER_TYPE } from '@app/contract/constants';
import { toBeijingString } from '@app/contract/time';
import { CARD_WAIT_MSG } from '@app/contract/two-factor-rules';
import type { BindCardBody, Card } from '@app/contract/wallet';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { lockPlayer } from '../../db/locks';
import { AppError, badInput, conflict, refused } from '../../lib/errors';
import { type Authenticated, checkPayPassword, confirmSession } from '../auth/service';
import { notifySecurity } from '../protection/service';
import { requireSecondFactor } from '../security/service';
import { cardWaitSetting, readSetting } from '../settings/service';
import * as repo from './repository';

export const CardType = { bank: 1, usdt: 2 } as const;

/** The icon key the player app draws for a card: the USDT protocol, or a bank card. */
const iconOf = (card: repo.CardRow) =>
  card.type === CardType.usdt ? `usdt-${card.bankOwner.toLowerCase()}` : 'bank';

/** Refuses a withdrawal to a card still within its waiting period, saying when it becomes usable. */
export function assertCardUsable(ctx: AppContext, card: repo.CardRow): void {
  if (card.usableFrom > ctx.clock.now())
    throw refused(CARD_WAIT_MSG.notYet(toBeijingString(card.usableFrom)));
}

/** The player's own cards of one type, numbers in full: only their owner ever sees this list. */
export async function listCards(ctx: AppContext, userId: number, type: number): Promise<Card[]> {
  const rows = await repo.activeCards(ctx.db, userId, type);
  const now = ctx.clock.now();
  return rows.map((c) => ({
    id: c.id,
    bank: c.bank,
    bank_owner: c.bankOwner,
    bank_no: c.bankNo,
    bank_address: c.bankAddress,
    ico: iconOf(c),
    usable_from: c.usableFrom > now ? toBeijingString(c.usableFrom) : null,
  }));
}

/** How a card is named in a security message: the bank or protocol and the last four characters. */
const cardLabel = (card: { type: number; bank: string; bankOwner: string; bankNo: string }) =>
  card.type === CardType.usdt
    ? `USDT地址（${card.bankOwner}，尾号${card.bankNo.slice(-4)}）`
    : `银行卡（${card.bank}，尾号${card.bankNo.slice(-4)}）`;

/**
 * Binds a bank card or a USDT address (bank USDT, bank_owner the protocol): at most five of each,
 * no duplicates, the pay password checked last so that a refused bind costs no attempt.
 */
export async function bindCard(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  body: BindCardBody,
): Promise<string> {
  const type = body.bank === 'USDT' ? CardType.usdt : CardType.bank;
  if (type === CardType.bank && !(await repo.bankExists(ctx.db, body.bank)))
    throw badInput(WALLET_MSG.bankType);
  const limitMessage =
    type === CardType.usdt ? WALLET_SERVER_MSG.cardLimitUsdt : WALLET_SERVER_MSG.cardLimitBank;
  if ((await repo.countActiveCards(ctx.db, userId, type)) >= MAX_CARDS_PER_TYPE) throw refused(limitMessage);
  await checkPayPassword(ctx, userId, body.pay_pass);
  await requireSecondFactor(ctx, userId, body.totp_code);
  // The waiting period in force now stays this card's: a later change of the setting leaves it be.
  const { hours } = await readSetting(ctx.db, cardWaitSetting);

  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    await confirmSession(ctx, tx, sessionId);
    const now = ctx.clock.now();
    if ((await repo.countActiveCards(tx, userId, type)) >= MAX_CARDS_PER_TYPE) throw refused(limitMessage);
    const inserted = await repo.insertCard(tx, {
      userId,
      type,
      bank: body.bank.trim(),
      bankOwner: body.bank_owner.trim(),
      bankNo: body.bank_no.trim(),
      bankAddress: type === CardType.bank ? body.bank_address.trim() : '',
      createdAt: now,
      usableFrom: new Date(now.getTime() + hours * 3_600_000),
    });
    if (!inserted) throw conflict(WALLET_SERVER_MSG.cardDuplicate);
  });
  const bound = {
    type,
    bank: body.bank.trim(),
    bankOwner: body.bank_owner.trim(),
    bankNo: body.bank_no.trim(),
  };
  await notifySecurity(
    ctx,
    userId,
    '收款账户已绑定',
    `您已绑定${cardLabel(bound)}${hours > 0 ? `，${hours}小时后可用于取款` : ''}。`,
  );
  return WALLET_MSG.bound;
}

export async function removeCard(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  id: number,
): Promise<string> {
  const removed = await ctx.db.transaction(async (tx) => {
    await confirmSession(ctx, tx, sessionId);
    return repo.removeOwnCard(tx, userId, id, ctx.clock.now());
  });
  if (!removed) throw new AppError(404, WALLET_SERVER_MSG.cardNotFound);
  await notifySecurity(ctx, userId, '收款账户已解绑', `您已解绑${cardLabel(removed)}。`);
  return WALLET_MSG.unbound;
}

export const bankList = (ctx: AppContext) => repo.bankList(ctx.db);

// The public surface other modules use.
export {
  /** Cards by id, removed ones too (where a withdrawal's money went). */
  cardsByIds,
  /** Every card and address the player has bound, removed ones too (the operator's player page). */
  everyCardOf,
  findOwnCard,
  /** Other players (the first few) with a card of one of these numbers (a withdrawal's risk). */
  playersWithCardNumbers,
} from './repository';
