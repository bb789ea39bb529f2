import { GameState } from '@app/contract/status';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { games } from '../../db/schema/games';
import { enabledVenueCodes, venueSortOf } from '../venues/service';

export type GameRow = typeof games.$inferSelect;

/** Shown games of enabled venues, in the venues' order then the games'. */
export function shownGames(q: Queryable) {
  return q
    .select({ game: games })
    .from(games)
    .where(and(eq(games.appState, GameState.shown), inArray(games.venue, enabledVenueCodes(q))))
    .orderBy(asc(venueSortOf(games.venue)), asc(games.sort), asc(games.id));
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

/** The category of each game of the venues, by `venue:gameCode`. */
export async function gameCategories(q: Queryable, venueCodes: string[]) {
  const rows = await q
    .select({ venue: games.venue, code: games.gameCode, category: games.category })
    .from(games)
    .where(inArray(games.venue, venueCodes));
  return new Map(rows.map((r) => [`${r.venue}:${r.code}`, r.category]));
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

/** A game's name and engine by venue and code (the demo venue serves the platform's catalogue). */
export async function gameEngine(q: Queryable, venue: string, gameCode: string) {
  const [row] = await q
    .select({ name: games.name, engine: games.engine })
    .from(games)
    .where(and(eq(games.venue, venue), eq(games.gameCode, gameCode)));
  return row;
}
