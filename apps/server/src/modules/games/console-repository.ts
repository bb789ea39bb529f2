import type { Row } from '@app/contract/admin/players';
import type { GameQuery, VenueRow } from '@app/contract/admin/venues';
import { CATEGORY_NAMES } from '@app/contract/reward-rules';
import { GameState } from '@app/contract/status';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { games } from '../../db/schema/games';
import { consolePage, sliceOf } from '../../lib/console-page';
import { allVenues, venueNames, venueSortOf } from '../venues/service';

/** Every venue, enabled or not, with how many of its games there are and how many are shown. */
export async function venueRows(q: Queryable): Promise<VenueRow[]> {
  const [list, counts] = await Promise.all([
    allVenues(q),
    q
      .select({
        venue: games.venue,
        games: count(games.id),
        shown: sql<number>`count(*) filter (where ${games.appState} = ${GameState.shown})`.mapWith(Number),
      })
      .from(games)
      .groupBy(games.venue),
  ]);
  const of = new Map(counts.map((c) => [c.venue, c]));
  return list.map((v) => ({
    code: v.code,
    name: v.name,
    category: CATEGORY_NAMES[v.category] ?? v.category,
    enabled: v.enabled,
    maintenance: v.maintenance,
    sort: v.sort,
    games: of.get(v.code)?.games ?? 0,
    shown_games: of.get(v.code)?.shown ?? 0,
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
      .select()
      .from(games)
      .where(where)
      .orderBy(asc(venueSortOf(games.venue)), direction(games.sort), asc(games.id))
      .limit(slice.limit)
      .offset(slice.offset),
    q.select({ n: count() }).from(games).where(where),
  ]);
  const names = await venueNames(
    q,
    rows.map((g) => g.venue),
  );
  const data: Row[] = rows.map((g) => gameRow(g, names.get(g.venue) ?? g.venue));
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
