import { amountToCents } from '@app/contract/money';
import type { AppContext } from '../../context';
import { HouseAccount } from '../../ledger/ledger';
import { AppError, badInput } from '../../lib/errors';
import { findUserByUsername } from '../auth/repository';
import { changeTurnover } from '../turnover/service';

export interface CreditInput {
  username: string;
  amount: number;
  memo: string;
  /** Turnover the credit adds before the player may withdraw it, as a multiple of the amount. */
  turnoverMultiple: number;
  /** The operator's key for this credit: repeating it credits once. */
  key: string;
}

/** An operator's credit (bonus, compensation): promotions expense to the player's central wallet. */
export async function creditPlayer(ctx: AppContext, input: CreditInput): Promise<{ applied: boolean }> {
  const cents = amountToCents(input.amount);
  if (cents === null || cents <= 0n) throw badInput('金额必须为正数，最多保留两位小数');
  const user = await findUserByUsername(ctx.db, input.username);
  if (!user) throw new AppError(404, '玩家不存在');
  return ctx.db.transaction(async (tx) => {
    const posted = await ctx.ledger.credit(
      {
        key: `operator-credit:${input.key}`,
        from: HouseAccount.promotionsExpense,
        to: { central: user.id },
        amount: cents,
        kind: 'operator_credit',
        ref: { type: 'user', id: String(user.id) },
        memo: input.memo,
      },
      tx,
    );
    const applied = posted.status === 'applied';
    if (applied && input.turnoverMultiple > 0) {
      const required = (cents * BigInt(Math.round(input.turnoverMultiple * 100))) / 100n;
      await changeTurnover(tx, user.id, required, 'operator_credit', `operator-credit:${input.key}`);
    }
    return { applied };
  });
}
