import { z } from 'zod';
import { dateFilterField, pageField, pageSchema } from './paging';

/** Spec Game.category_id values. */
export const GAME_CATEGORIES = [
  'realbet',
  'joker',
  'gaming',
  'sport',
  'lottery',
  'concise',
  'fishing',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** A game of the catalogue as /api/game/list answers it (spec section 3, Game). */
export const gameSchema = z.object({
  category_id: z.enum(GAME_CATEGORIES),
  /** 1: shown. */
  app_state: z.number(),
  is_hot: z.number(),
  is_new: z.number(),
  platform_name: z.string(),
  game_code: z.string(),
  name: z.string(),
  mobile_img: z.string(),
  api_logo_img: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

/** An electronic game as /api/gamelistBycode answers it: catecode is the platform. */
export const conciseGameSchema = z.object({
  catecode: z.string(),
  gamecode: z.string(),
  gamepic: z.string(),
  gamename: z.string(),
});
export type ConciseGame = z.infer<typeof conciseGameSchema>;

export const gameCodeBodySchema = z.object({
  gamecode: z.string().trim().min(1, '参数错误：gamecode').max(16),
});

const loose = z.union([z.string(), z.number()]).optional();
export const gameUrlBodySchema = z.object({
  plat_name: z.string().trim().min(1, '参数错误：plat_name').max(16),
  game_type: loose,
  /** Empty: the platform's lobby (its first game). */
  game_code: z.string().trim().max(32).optional().default(''),
  is_mobile_url: loose,
});

export const betRecordBodySchema = z.object({
  date: dateFilterField,
  page: pageField,
  /** A platform code; empty: every platform. */
  api_type: z.string().trim().max(16).optional().default(''),
});

/** A bet (spec section 3): status 0 invalid, 1 settled, 2 unsettled. Code is the game's code. */
export const betRecordSchema = z.object({
  bet_id: z.string(),
  bet_amount: z.number(),
  win_loss: z.number(),
  Code: z.string(),
  status: z.number(),
  created_at: z.string(),
  /** The platform's and the game's names, for showing the record. */
  platform_name: z.string(),
  game_name: z.string(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;
export const betRecordPageSchema = pageSchema(betRecordSchema);
