import { amountToCents, centsToAmount, formatMoney } from '@app/contract/money';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { HouseAccount } from '../../ledger/accounts';
import { InsufficientFundsError, postTransfer } from '../../ledger/post-transfer';
import { AppError, badInput, refused } from '../../lib/errors';
import { orderNo } from '../../lib/order-no';
import { checkPayPassword } from '../auth/pay-password';
import * as cards from '../cards/repository';
import { CardType } from '../cards/service';
import { withdrawFeeSetting } from '../settings/definitions';
import { readSetting } from '../settings/repository';
import { turnoverRequired } from '../turnover/service';
import { insertWithdrawal } from './repository';

export async function betAmount(ctx: AppContext, userId: number) {
  return { bet_amount: centsToAmount(await turnoverRequired(ctx.db, userId)) };
}

/**
 * A withdrawal request: to one of the player's own cards, with the pay password, once the turnover
 * requirement is met. The amount moves from the central wallet to withdrawals pending, where it
 * waits for an operator's review (state 1).
 */
export async function withdraw(
  ctx: AppContext,
  userId: number,
  input: { cardId: number; amount: number; password: string },
) {
  const cents = amountToCents(input.amount);
  if (cents === null) throw badInput(WALLET_SERVER_MSG.amountFormat);
  const card = await cards.findOwnCard(ctx.db, userId, input.cardId);
  if (!card) throw new AppError(404, WALLET_SERVER_MSG.cardNotFound);
  await checkPayPassword(ctx, userId, input.password);

  const outstanding = await turnoverRequired(ctx.db, userId);
  if (outstanding > 0n)
    throw refused(WALLET_SERVER_MSG.turnoverOutstanding(formatMoney(centsToAmount(outstanding))));

  let fee = 0n;
  if (card.type === CardType.usdt) {
    const fees = await readSetting(ctx.db, withdrawFeeSetting);
    fee = amountToCents(card.bankOwner === 'ERC20' ? fees.erc20 : fees.trc20) ?? 0n;
    if (cents <= fee) throw refused(WALLET_SERVER_MSG.belowFee);
  }

  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const record = await insertWithdrawal(tx, {
        orderNo: orderNo('WD', now),
        createdAt: now,
        userId,
        cardId: card.id,
        amount: cents,
        fee,
        state: 1,
      });
      await postTransfer(tx, {
        debit: await ctx.accounts.central(tx, userId),
        credit: await ctx.accounts.house(tx, HouseAccount.withdrawalsPending),
        amount: cents,
        kind: 'withdrawal_hold',
        idempotencyKey: `withdrawal:${record.orderNo}:hold`,
        refType: 'withdrawal',
        refId: record.orderNo,
      });
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw refused(WALLET_SERVER_MSG.overBalance);
    throw error;
  }
  return WALLET_MSG.submitted;
}
