import type { Game } from '@app/contract/games';

/** A game of the catalogue as /api/game/list answers it. */
export const game = (overrides: Partial<Game> & Pick<Game, 'name' | 'game_code'>): Game => ({
  category_id: 'concise',
  app_state: 1,
  is_hot: 0,
  is_new: 0,
  platform_name: 'obgdy',
  mobile_img: `/games/${overrides.game_code}.svg`,
  api_logo_img: `/games/${overrides.game_code}-logo.svg`,
  ...overrides,
});

/** One or two games of each kind: hot, recommended, fishing and every category of home's side list. */
export const GAMES: Game[] = [
  game({ name: '财神到', game_code: 'caishen', category_id: 'concise', is_hot: 1 }),
  game({ name: '水果派对', game_code: 'fruit', category_id: 'concise', is_new: 1 }),
  game({ name: '百家乐', game_code: 'baccarat', category_id: 'realbet', platform_name: 'ag', is_hot: 1 }),
  game({ name: '龙虎斗', game_code: 'dragon', category_id: 'realbet', platform_name: 'ag', is_new: 1 }),
  game({ name: '英雄联盟', game_code: 'lol', category_id: 'gaming', platform_name: 'avia' }),
  game({ name: '斗地主', game_code: 'ddz', category_id: 'joker', platform_name: 'ky' }),
  game({ name: '时时彩', game_code: 'ssc', category_id: 'lottery', platform_name: 'vr' }),
  game({ name: '足球', game_code: 'football', category_id: 'sport', platform_name: 'sb' }),
  game({ name: '捕鱼王', game_code: 'fishking', category_id: 'fishing', platform_name: 'jdb', is_hot: 1 }),
  game({ name: 'Fishing Joy', game_code: 'fishjoy', category_id: 'fishing', platform_name: 'jdb' }),
];
