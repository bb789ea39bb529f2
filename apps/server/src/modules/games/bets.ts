import type { BetRecord } from '@app/contract/games';
import { centsToAmount } from '@app/contract/money';
import type { Page } from '@app/contract/paging';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { BetStatus } from '@app/contract/status';
import { dateFilterStart, toBeijingString } from '@app/contract/time';
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { betCursors, bets, games } from '../../db/schema/games';
import { venues } from '../../db/schema/wallet';
import { HouseAccount } from '../../ledger/ledger';
import { pageOf, pageOffset } from '../../lib/paging';
import type { VenueBet, VenueProvider } from '../../venues/provider';
import { changeTurnover } from '../turnover/service';

const BATCH = 500;

/**
 * Reads each provider's bet feed from where the platform left it and records every bet once (by
 * venue and bet id). A settled bet's valid stake lowers the player's turnover requirement, in the
 * same transaction, once. Safe to run in several processes at once: bets and turnover changes are
 * keyed, and the cursor moves only from the position a batch was read at (compare and set).
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
  const [position] = await ctx.db.select().from(betCursors).where(eq(betCursors.provider, provider.name));
  const from = position?.cursor ?? '';
  const feed = await provider.betsSince(from, BATCH);
  if (feed.bets.length === 0) return { count: 0, more: false };
  const categories = await categoriesOf(ctx, feed.bets);
  let count = 0;
  const advanced = await ctx.db.transaction(async (tx) => {
    // The cursor moves first, from where this batch was read: a process that read an older
    // position waits here, finds the cursor moved on, and records nothing.
    const moved = position
      ? await tx
          .update(betCursors)
          .set({ cursor: feed.cursor, updatedAt: ctx.clock.now() })
          .where(and(eq(betCursors.provider, provider.name), eq(betCursors.cursor, from)))
          .returning()
      : await tx
          .insert(betCursors)
          .values({ provider: provider.name, cursor: feed.cursor, updatedAt: ctx.clock.now() })
          .onConflictDoNothing()
          .returning();
    if (moved.length === 0) return false;
    for (const bet of feed.bets) {
      const [row] = await tx
        .insert(bets)
        .values({
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
        })
        .onConflictDoNothing()
        .returning({ id: bets.id });
      if (!row) continue;
      count++;
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
  return { count, more: !advanced || feed.bets.length === BATCH };
}

async function categoriesOf(ctx: AppContext, feed: VenueBet[]) {
  const venueCodes = [...new Set(feed.map((b) => b.venue))];
  const rows = await ctx.db
    .select({ venue: games.venue, code: games.gameCode, category: games.category })
    .from(games)
    .where(inArray(games.venue, venueCodes));
  return new Map(rows.map((r) => [`${r.venue}:${r.code}`, r.category]));
}

/** The player's own bets since the date filter's first Beijing day, newest first (spec /api/betrecord). */
export async function betRecords(
  ctx: AppContext,
  userId: number,
  query: { days: number; page: number; platform: string },
): Promise<Page<BetRecord>> {
  const where = and(
    eq(bets.userId, userId),
    gte(bets.placedAt, dateFilterStart(query.days, ctx.clock.now())),
    query.platform === '' ? undefined : eq(bets.venue, query.platform),
  );
  const [total] = await ctx.db.select({ n: count() }).from(bets).where(where);
  const rows = await ctx.db
    .select({ bet: bets, gameName: games.name, venueName: venues.name })
    .from(bets)
    .innerJoin(venues, eq(venues.code, bets.venue))
    .leftJoin(games, and(eq(games.venue, bets.venue), eq(games.gameCode, bets.gameCode)))
    .where(where)
    .orderBy(desc(bets.placedAt), desc(bets.id))
    .limit(RECORDS_PAGE_SIZE)
    .offset(pageOffset(query.page));
  return pageOf(
    query.page,
    total?.n ?? 0,
    rows.map(({ bet, gameName, venueName }) => ({
      bet_id: bet.betId,
      bet_amount: centsToAmount(bet.betAmount),
      win_loss: centsToAmount(bet.winLoss),
      Code: bet.gameCode,
      status: bet.status,
      created_at: toBeijingString(bet.placedAt),
      platform_name: venueName,
      game_name: gameName ?? bet.gameCode,
    })),
  );
}
