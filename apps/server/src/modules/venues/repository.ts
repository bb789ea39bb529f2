import type { Row } from '@app/contract/admin/players';
import type { GameQuery, VenueRow } from '@app/contract/admin/venues';
import { CATEGORY_NAMES } from '@app/contract/reward-rules';
import { GameState } from '@app/contract/status';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { games } from '../../db/schema/games';
import { venues } from '../../db/schema/wallet';
import { consolePage, sliceOf } from '../../lib/console-page';

/** Every venue, enabled or not, with how many of its games there are and how many are shown. */
export async function venueRows(q: Queryable): Promise<VenueRow[]> {
  const rows = await q
    .select({
      v: venues,
      games: count(games.id),
      shown: sql<number>`count(*) filter (where ${games.appState} = ${GameState.shown})`.mapWith(Number),
    })
    .from(venues)
    .leftJoin(games, eq(games.venue, venues.code))
    .groupBy(venues.code)
    .orderBy(asc(venues.sort), asc(venues.code));
  return rows.map(({ v, games: total, shown }) => ({
    code: v.code,
    name: v.name,
    category: CATEGORY_NAMES[v.category] ?? v.category,
    enabled: v.enabled,
    maintenance: v.maintenance,
    sort: v.sort,
    games: total,
    shown_games: shown,
  }));
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The catalogue as the console lists it: by venue, category, name or code, shown or hidden. */
export async function gamePage(q: Queryable, query: GameQuery) {
  const text = query.q ? `%${escapeLike(query.q)}%` : '';
  const where = and(
    query.venue ? eq(games.venue, query.venue) : undefined,
    query.category ? eq(games.category, query.category) : undefined,
    query.app_state ? eq(games.appState, Number(query.app_state)) : undefined,
    text ? or(ilike(games.name, text), ilike(games.gameCode, text)) : undefined,
  );
  const slice = sliceOf(query);
  // By the order players see (ascending) unless the operator sorts the column the other way.
  const direction = query.sort === 'sort' && query.order === 'descend' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    q
      .select({ g: games, venueName: venues.name })
      .from(games)
      .innerJoin(venues, eq(venues.code, games.venue))
      .where(where)
      .orderBy(asc(venues.sort), direction(games.sort), asc(games.id))
      .limit(slice.limit)
      .offset(slice.offset),
    q.select({ n: count() }).from(games).where(where),
  ]);
  const data: Row[] = rows.map(({ g, venueName }) => gameRow(g, venueName));
  return consolePage(query, total?.n ?? 0, data);
}

type GameRecord = typeof games.$inferSelect;

function gameRow(g: GameRecord, venueName: string): Row {
  return {
    id: g.id,
    venue: g.venue,
    venue_name: venueName,
    game_code: g.gameCode,
    name: g.name,
    category: g.category,
    category_name: CATEGORY_NAMES[g.category] ?? g.category,
    app_state: g.appState,
    is_hot: g.isHot,
    is_new: g.isNew,
    sort: g.sort,
  };
}

/** The game's settings as the audit log keeps them. */
export const gameSettings = (g: GameRecord) => ({
  app_state: g.appState,
  is_hot: g.isHot,
  is_new: g.isNew,
  sort: g.sort,
  category: g.category,
});

export async function lockGame(tx: Tx, id: number): Promise<GameRecord | undefined> {
  const [row] = await tx.select().from(games).where(eq(games.id, id)).for('update');
  return row;
}

export async function updateGame(
  tx: Tx,
  id: number,
  change: Partial<Pick<GameRecord, 'appState' | 'isHot' | 'isNew' | 'sort' | 'category'>>,
): Promise<GameRecord | undefined> {
  const [row] = await tx.update(games).set(change).where(eq(games.id, id)).returning();
  return row;
}

/** Locks a venue's row for a status change. */
export async function lockVenue(tx: Tx, code: string) {
  const [row] = await tx.select().from(venues).where(eq(venues.code, code)).for('update');
  return row;
}

/** Opens or closes a venue, or sets its maintenance message. */
export async function updateVenueStatus(
  tx: Tx,
  code: string,
  change: { enabled?: boolean; maintenance?: boolean },
) {
  const [row] = await tx.update(venues).set(change).where(eq(venues.code, code)).returning();
  return row;
}

/** The enabled venues, in their order (the venue registry's list). */
export function enabledVenues(q: Queryable) {
  return q.select().from(venues).where(eq(venues.enabled, true)).orderBy(asc(venues.sort));
}
