import { BetStatus, GameState } from '@app/contract/status';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { betCursors, bets, games } from '../../db/schema/games';
import { venues } from '../../db/schema/wallet';

export type GameRow = typeof games.$inferSelect;

/** Shown games of enabled venues, in the venues' order then the games'. */
export function shownGames(q: Queryable) {
  return q
    .select({ game: games })
    .from(games)
    .innerJoin(venues, eq(venues.code, games.venue))
    .where(and(eq(games.appState, GameState.shown), eq(venues.enabled, true)))
    .orderBy(asc(venues.sort), asc(games.sort), asc(games.id));
}

/** The game by platform and code; with no code, the platform's first shown game (its lobby). */
export async function findGame(q: Queryable, venue: string, gameCode: string): Promise<GameRow | undefined> {
  const [row] = await q
    .select()
    .from(games)
    .where(
      and(
        eq(games.venue, venue),
        gameCode === '' ? eq(games.appState, GameState.shown) : eq(games.gameCode, gameCode),
      ),
    )
    .orderBy(asc(games.sort), asc(games.id))
    .limit(1);
  return row;
}

export type NewBet = typeof bets.$inferInsert;

/** Where the platform left a provider's bet feed (undefined: it never read it). */
export async function betCursorOf(q: Queryable, provider: string): Promise<string | undefined> {
  const [position] = await q.select().from(betCursors).where(eq(betCursors.provider, provider));
  return position?.cursor;
}

/**
 * Moves a provider's cursor from `from` (undefined: no cursor yet) to `to`, compare and set;
 * false when another process moved it first.
 */
export async function moveBetCursor(
  tx: Tx,
  provider: string,
  from: string | undefined,
  to: string,
  at: Date,
): Promise<boolean> {
  const moved =
    from !== undefined
      ? await tx
          .update(betCursors)
          .set({ cursor: to, updatedAt: at })
          .where(and(eq(betCursors.provider, provider), eq(betCursors.cursor, from)))
          .returning()
      : await tx
          .insert(betCursors)
          .values({ provider, cursor: to, updatedAt: at })
          .onConflictDoNothing()
          .returning();
  return moved.length > 0;
}

/** Records a bet once (by venue and bet id); false when it was recorded before. */
export async function insertBet(tx: Tx, bet: NewBet): Promise<boolean> {
  const [row] = await tx.insert(bets).values(bet).onConflictDoNothing().returning({ id: bets.id });
  return row !== undefined;
}

/** The category of each game of the venues, by `venue:gameCode`. */
export async function gameCategories(q: Queryable, venueCodes: string[]) {
  const rows = await q
    .select({ venue: games.venue, code: games.gameCode, category: games.category })
    .from(games)
    .where(inArray(games.venue, venueCodes));
  return new Map(rows.map((r) => [`${r.venue}:${r.code}`, r.category]));
}

/** One page of the player's bets since `from` (at one venue, or all), newest first, and how many. */
export async function betPage(
  q: Queryable,
  filter: { userId: number; from: Date; venue: string | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(bets.userId, filter.userId),
    gte(bets.placedAt, filter.from),
    filter.venue === undefined ? undefined : eq(bets.venue, filter.venue),
  );
  const [total] = await q.select({ n: count() }).from(bets).where(where);
  const rows = await q
    .select({ bet: bets, gameName: games.name, venueName: venues.name })
    .from(bets)
    .innerJoin(venues, eq(venues.code, bets.venue))
    .leftJoin(games, and(eq(games.venue, bets.venue), eq(games.gameCode, bets.gameCode)))
    .where(where)
    .orderBy(desc(bets.placedAt), desc(bets.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** The names of games by `venue:code` (how audit rows name their target). */
export async function gameNamesByKey(q: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const key = sql<string>`${games.venue} || ':' || ${games.gameCode}`;
  const rows = await q
    .select({ key, name: games.name })
    .from(games)
    .where(inArray(key, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.key, r.name]));
}

/** Per player of `userIds`, their bets settled in `[start, end)`: stakes, valid stakes, and their net result. */
export async function settledBetTotals(q: Queryable, userIds: readonly number[], start: Date, end: Date) {
  if (userIds.length === 0) return new Map<number, { stakes: bigint; valid: bigint; winLoss: bigint }>();
  const rows = await q
    .select({
      userId: bets.userId,
      stakes: sql<string>`sum(${bets.betAmount})::text`,
      valid: sql<string>`sum(${bets.validAmount})::text`,
      winLoss: sql<string>`sum(${bets.winLoss})::text`,
    })
    .from(bets)
    .where(
      and(
        inArray(bets.userId, [...userIds]),
        eq(bets.status, BetStatus.settled),
        gte(bets.settledAt, start),
        lt(bets.settledAt, end),
      ),
    )
    .groupBy(bets.userId);
  return new Map(
    rows.map((r) => [
      r.userId,
      { stakes: BigInt(r.stakes), valid: BigInt(r.valid), winLoss: BigInt(r.winLoss) },
    ]),
  );
}
