import { BetStatus } from '@app/contract/status';
import type { AppContext } from '../../context';
import { HouseAccount } from '../../ledger/ledger';
import type { VenueProvider } from '../../venues/provider';
import { gameCategories, insertBet } from '../games/service';
import { endPlayAtReachedLossLimits } from '../protection/service';
import { changeTurnover } from '../turnover/service';
import * as repo from './repository';

const BATCH = 500;

/**
 * Reads each provider's bet feed from where the platform left it and records every bet once (by
 * venue and bet id). A settled bet's valid stake lowers the player's turnover requirement, in the
 * same transaction, once. Safe to run in several processes at once: bets and turnover changes are
 * keyed, and the cursor moves only from the position a batch was read at (compare and set). After
 * a batch commits, the players it brought to a reached loss limit have their game sessions ended.
 */
export async function ingestBets(ctx: AppContext): Promise<{ ingested: number }> {
  let ingested = 0;
  for (const provider of ctx.venues.allProviders()) {
    for (;;) {
      const added = await ingestBatch(ctx, provider);
      ingested += added.count;
      if (!added.more) break;
    }
  }
  return { ingested };
}

async function ingestBatch(ctx: AppContext, provider: VenueProvider) {
  const position = await repo.betCursorOf(ctx.db, provider.name);
  const feed = await provider.betsSince(position ?? '', BATCH);
  if (feed.bets.length === 0) return { count: 0, more: false };
  const categories = await gameCategories(ctx.db, [...new Set(feed.bets.map((b) => b.venue))]);
  let count = 0;
  const losers = new Set<number>();
  const advanced = await ctx.db.transaction(async (tx) => {
    // The cursor moves first, from where this batch was read: a process that read an older
    // position waits here, finds the cursor moved on, and records nothing.
    if (!(await repo.moveBetCursor(tx, provider.name, position, feed.cursor, ctx.clock.now()))) return false;
    for (const bet of feed.bets) {
      const recorded = await insertBet(tx, {
        venue: bet.venue,
        betId: bet.betId,
        userId: bet.userId,
        gameCode: bet.gameCode,
        category: categories.get(`${bet.venue}:${bet.gameCode}`) ?? 'concise',
        betAmount: bet.stake,
        validAmount: bet.valid,
        winLoss: bet.winLoss,
        status: bet.status,
        placedAt: bet.placedAt,
        settledAt: bet.settledAt,
      });
      if (!recorded) continue;
      count++;
      if (bet.status === BetStatus.settled && bet.winLoss < 0n) losers.add(bet.userId);
      const key = `bet:${bet.venue}:${bet.betId}`;
      if (bet.status === BetStatus.settled && bet.valid > 0n)
        await changeTurnover(tx, bet.userId, -bet.valid, 'bet', key);
      if (bet.winLoss !== 0n) {
        // The venue's wallets moved with the round: the float that mirrors them moves with its result.
        const float = { venueFloat: bet.venue };
        const won = bet.winLoss > 0n;
        await ctx.ledger.transfer(
          {
            key,
            from: won ? HouseAccount.gameResults : float,
            to: won ? float : HouseAccount.gameResults,
            amount: won ? bet.winLoss : -bet.winLoss,
            kind: 'bet_result',
            ref: { type: 'bet', id: `${bet.venue}:${bet.betId}` },
          },
          tx,
        );
      }
    }
    return true;
  });
  await endPlayAtReachedLossLimits(ctx, losers);
  return { count, more: !advanced || feed.bets.length === BATCH };
}
