import { MAX_CARDS_PER_TYPE } from '@app/contract/constants';
import type { BindCardBody, Card } from '@app/contract/wallet';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { AppError, badInput, conflict, refused } from '../../lib/errors';
import { checkPayPassword } from '../auth/pay-password';
import { lockPlayer } from '../user/repository';
import * as repo from './repository';

export const CardType = { bank: 1, usdt: 2 } as const;

/** The icon key the player app draws for a card: the USDT protocol, or a bank card. */
const iconOf = (card: repo.CardRow) =>
  card.type === CardType.usdt ? `usdt-${card.bankOwner.toLowerCase()}` : 'bank';

/** The player's own cards of one type, numbers in full: only their owner ever sees this list. */
export async function listCards(ctx: AppContext, userId: number, type: number): Promise<Card[]> {
  const rows = await repo.activeCards(ctx.db, userId, type);
  return rows.map((c) => ({
    id: c.id,
    bank: c.bank,
    bank_owner: c.bankOwner,
    bank_no: c.bankNo,
    bank_address: c.bankAddress,
    ico: iconOf(c),
  }));
}

/**
 * Binds a bank card or a USDT address (bank USDT, bank_owner the protocol): at most five of each,
 * no duplicates, the pay password checked last so that a refused bind costs no attempt.
 */
export async function bindCard(ctx: AppContext, userId: number, body: BindCardBody): Promise<string> {
  const type = body.bank === 'USDT' ? CardType.usdt : CardType.bank;
  if (type === CardType.bank && !(await repo.bankExists(ctx.db, body.bank)))
    throw badInput(WALLET_MSG.bankType);
  const limitMessage =
    type === CardType.usdt ? WALLET_SERVER_MSG.cardLimitUsdt : WALLET_SERVER_MSG.cardLimitBank;
  if ((await repo.countActiveCards(ctx.db, userId, type)) >= MAX_CARDS_PER_TYPE) throw refused(limitMessage);
  await checkPayPassword(ctx, userId, body.pay_pass);

  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    if ((await repo.countActiveCards(tx, userId, type)) >= MAX_CARDS_PER_TYPE) throw refused(limitMessage);
    const inserted = await repo.insertCard(tx, {
      userId,
      type,
      bank: body.bank.trim(),
      bankOwner: body.bank_owner.trim(),
      bankNo: body.bank_no.trim(),
      bankAddress: type === CardType.bank ? body.bank_address.trim() : '',
    });
    if (!inserted) throw conflict(WALLET_SERVER_MSG.cardDuplicate);
  });
  return WALLET_MSG.bound;
}

export async function removeCard(ctx: AppContext, userId: number, id: number): Promise<string> {
  if (!(await repo.removeOwnCard(ctx.db, userId, id, ctx.clock.now()))) {
    throw new AppError(404, WALLET_SERVER_MSG.cardNotFound);
  }
  return WALLET_MSG.unbound;
}

export const bankList = (ctx: AppContext) => repo.bankList(ctx.db);
