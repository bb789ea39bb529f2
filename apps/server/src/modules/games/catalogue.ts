import { createHash } from 'node:crypto';
import type { ConciseGame, Game, GameCategory } from '@app/contract/games';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Bus } from '../../lib/bus';
import * as repo from './repository';

export const gameArtPath = (venue: string, code: string) => `/art/games/${venue}/${code}.svg`;
export const platformArtPath = (venue: string) => `/art/platforms/${venue}.svg`;

const CACHE_MS = 30_000;
/** Per database, not per process: several apps (tests, tools) may share a process. */
const cache = new WeakMap<Db, { at: number; list: Game[]; etag: string }>();
/** Counts each database's invalidations, so that a list read before one is not cached after it. */
const generations = new WeakMap<Db, number>();
const watched = new WeakSet<Bus>();

/** An operator's change of a game or a venue, in any process, drops the list everywhere (the bus). */
function watch(ctx: AppContext): void {
  if (watched.has(ctx.bus)) return;
  watched.add(ctx.bus);
  const drop = () => {
    generations.set(ctx.db, (generations.get(ctx.db) ?? 0) + 1);
    cache.delete(ctx.db);
  };
  ctx.bus.subscribe('games.changed', drop);
  ctx.bus.subscribe('venues.changed', drop);
  ctx.bus.onReset(drop);
}

/**
 * Every shown game (spec /api/game/list), read at most every 30 s per process and answered with an
 * ETag: the app caches the list and asks again with If-None-Match. A change reaches every process at
 * once (games.changed, venues.changed); while the bus is down nothing is cached.
 */
export async function gameList(ctx: AppContext): Promise<{ list: Game[]; etag: string }> {
  watch(ctx);
  const now = Date.now();
  const cached = cache.get(ctx.db);
  if (cached && now - cached.at < CACHE_MS && ctx.bus.live) return cached;
  const generation = generations.get(ctx.db) ?? 0;
  const rows = await repo.shownGames(ctx.db);
  const list: Game[] = rows.map(({ game: g }) => ({
    category_id: g.category as GameCategory,
    app_state: g.appState,
    is_hot: g.isHot,
    is_new: g.isNew,
    platform_name: g.venue,
    game_code: g.gameCode,
    name: g.name,
    mobile_img: gameArtPath(g.venue, g.gameCode),
    api_logo_img: platformArtPath(g.venue),
  }));
  const etag = `"${createHash('sha256').update(JSON.stringify(list)).digest('base64url').slice(0, 27)}"`;
  const fresh = { at: now, list, etag };
  if (generation === (generations.get(ctx.db) ?? 0)) cache.set(ctx.db, fresh);
  return fresh;
}

/** A platform's electronic games (spec /api/gamelistBycode). */
export async function conciseGames(ctx: AppContext, platform: string): Promise<ConciseGame[]> {
  const { list } = await gameList(ctx);
  return list
    .filter((g) => g.platform_name === platform)
    .map((g) => ({
      catecode: g.platform_name,
      gamecode: g.game_code,
      gamepic: g.mobile_img,
      gamename: g.name,
    }));
}
