import { amountToCents, centsToAmount, formatMoney } from '@app/contract/money';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { HouseAccount, RecordConflictError } from '../../ledger/ledger';
import { AppError, badInput, refused } from '../../lib/errors';
import { orderNo } from '../../lib/order-no';
import { type Authenticated, checkPayPassword, sessionEnded } from '../auth/service';
import { assertCardUsable, CardType, findOwnCard } from '../cards/service';
import { tellOperators } from '../events/service';
import { requireSecondFactor } from '../security/service';
import { readSetting, withdrawFeeSetting, withdrawLimitSetting } from '../settings/service';
import { turnoverRequired } from '../turnover/service';
import { withdrawalByRequest, withdrawalRecord } from './repository';

export async function betAmount(ctx: AppContext, userId: number) {
  return { bet_amount: centsToAmount(await turnoverRequired(ctx.db, userId)) };
}

/**
 * A withdrawal request: to one of the player's own cards, with the pay password, once the turnover
 * requirement is met. The amount is reserved out of the central wallet into withdrawals pending,
 * with the request's record, in one statement; it waits there for an operator's review (state 1).
 * A retry of a request that made its withdrawal before is answered as the first attempt was.
 */
export async function withdraw(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  input: { cardId: number; amount: number; password: string; totpCode?: string | undefined },
  requestKey?: string,
) {
  const cents = amountToCents(input.amount);
  if (cents === null) throw badInput(WALLET_SERVER_MSG.amountFormat);
  const { min } = await readSetting(ctx.db, withdrawLimitSetting);
  if (cents < (amountToCents(min) ?? 0n)) throw badInput(WALLET_SERVER_MSG.withdrawBelowMin(String(min)));
  const card = await findOwnCard(ctx.db, userId, input.cardId);
  if (!card) throw new AppError(404, WALLET_SERVER_MSG.cardNotFound);
  assertCardUsable(ctx, card);
  await checkPayPassword(ctx, userId, input.password);
  if (requestKey && (await withdrawalByRequest(ctx.db, userId, requestKey))) return WALLET_MSG.submitted;
  await requireSecondFactor(ctx, userId, input.totpCode);

  const outstanding = await turnoverRequired(ctx.db, userId);
  if (outstanding > 0n)
    throw refused(WALLET_SERVER_MSG.turnoverOutstanding(formatMoney(centsToAmount(outstanding))));

  let fee = 0n;
  if (card.type === CardType.usdt) {
    const fees = await readSetting(ctx.db, withdrawFeeSetting);
    fee = amountToCents(card.bankOwner === 'ERC20' ? fees.erc20 : fees.trc20) ?? 0n;
    if (cents <= fee) throw refused(WALLET_SERVER_MSG.belowFee);
  }

  const now = ctx.clock.now();
  const order = orderNo('WD', now);
  const pendingKey = `withdrawal:${order}`;
  const record = {
    orderNo: order,
    userId,
    cardId: card.id,
    amount: cents,
    fee,
    pendingKey,
    requestKey: requestKey ?? null,
    createdAt: now,
  };
  try {
    const reserved = await ctx.ledger.reserve({
      key: pendingKey,
      from: { central: userId },
      holding: HouseAccount.withdrawalsPending,
      amount: cents,
      kind: 'withdrawal',
      ref: { type: 'withdrawal', id: order },
      record: withdrawalRecord(record),
      session: sessionId,
    });
    if (reserved.status === 'insufficient') throw refused(WALLET_SERVER_MSG.overBalance);
    if (reserved.status === 'session_ended') throw sessionEnded();
    if (reserved.status === 'reserved') {
      await tellOperators(ctx, {
        type: 'order',
        area: 'withdrawal',
        order_no: order,
        amount: centsToAmount(cents).toFixed(2),
      });
    }
  } catch (error) {
    // The same request, run again concurrently, made its withdrawal first.
    if (!(error instanceof RecordConflictError)) throw error;
  }
  return WALLET_MSG.submitted;
}

// The public surface other modules use.
export {
  findWithdrawal,
  /** The player's withdrawals of the reservations given (a ledger subquery): sum in cents (text) and count. */
  withdrawalTally,
  /** The sum in cents of the player's withdrawals of the orders given (a subquery of order numbers). */
  withdrawnOfOrders,
} from './repository';
export { listWithdrawals, withdrawalState } from './review';
