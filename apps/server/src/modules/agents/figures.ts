import type { Queryable } from '../../db/client';
import { playerFlows } from '../../ledger/ledger';
import { settledBetTotals } from '../games/service';
import { BONUS_KINDS } from '../reports/service';
import type { PlayerMonth } from './formula';

/**
 * What the players did over `[start, end)`, from the ledger (deposits, withdrawals, the bonuses
 * they received: rebates, red packets, activity bonuses, manual credits) and from the bet records
 * (settled bets: stakes, valid stakes, payouts = stake + the player's result); never from a counter.
 */
export async function playerMonths(
  q: Queryable,
  userIds: readonly number[],
  start: Date,
  end: Date,
): Promise<PlayerMonth[]> {
  const [flows, bets] = await Promise.all([
    playerFlows(q, userIds, start, end, Object.values(BONUS_KINDS)),
    settledBetTotals(q, userIds, start, end),
  ]);
  return userIds.map((userId) => {
    const f = flows.get(userId);
    const b = bets.get(userId);
    const first = f?.firstDeposit;
    return {
      userId,
      deposits: f?.deposits ?? 0n,
      withdrawals: f?.withdrawals ?? 0n,
      stakes: b?.stakes ?? 0n,
      validStakes: b?.valid ?? 0n,
      payouts: (b?.stakes ?? 0n) + (b?.winLoss ?? 0n),
      bonuses: f?.bonuses ?? 0n,
      firstDepositInMonth: first && first.at >= start && first.at < end ? first.amount : null,
    };
  });
}
