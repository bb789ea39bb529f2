import { SERVER_MSG } from '@app/contract/messages';
import type { AppContext } from '../../context';
import { playerBalances } from '../../ledger/accounts';

/**
 * Recover-all: moves every venue balance back into the central wallet. Venue wallets come with the
 * venue providers of the money core; until a player holds money in a venue there is nothing to move.
 */
export async function recoverAll(ctx: AppContext, userId: number): Promise<string> {
  const { venues } = await playerBalances(ctx.db, userId);
  if (venues === 0n) return SERVER_MSG.recoverNothing;
  throw new Error('venue balances exist but no venue provider is registered');
}
