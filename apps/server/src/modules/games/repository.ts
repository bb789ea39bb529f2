import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { games } from '../../db/schema/games';
import { venues } from '../../db/schema/wallet';

export type GameRow = typeof games.$inferSelect;

/** Shown games of enabled venues, in the venues' order then the games'. */
export function shownGames(q: Queryable) {
  return q
    .select({ game: games })
    .from(games)
    .innerJoin(venues, eq(venues.code, games.venue))
    .where(and(eq(games.appState, 1), eq(venues.enabled, true)))
    .orderBy(asc(venues.sort), asc(games.sort), asc(games.id));
}

/** The game by platform and code; with no code, the platform's first shown game (its lobby). */
export async function findGame(q: Queryable, venue: string, gameCode: string): Promise<GameRow | undefined> {
  const [row] = await q
    .select()
    .from(games)
    .where(
      and(eq(games.venue, venue), gameCode === '' ? eq(games.appState, 1) : eq(games.gameCode, gameCode)),
    )
    .orderBy(asc(games.sort), asc(games.id))
    .limit(1);
  return row;
}
