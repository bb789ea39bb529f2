import type { GameCategory } from '@app/contract/games';

/**
 * The game type sent to /gamePage and /api/getGameUrl: the category code of home's side list (spec 2:
 * live 0, sports 1, e-sports 2, cards 3, e-slots 4, lottery 5, hot 6), by a game's category_id.
 * Fishing games are listed under hot, so they carry its code.
 */
export const GAME_TYPE: Record<GameCategory, number> = {
  realbet: 0,
  sport: 1,
  gaming: 2,
  joker: 3,
  concise: 4,
  lottery: 5,
  fishing: 6,
};

/** The code of the electronic games (/concise). */
export const CONCISE_GAME_TYPE = GAME_TYPE.concise;
