import { z } from 'zod';
import { GAME_CATEGORIES } from '../games';
import { CATEGORY_NAMES } from '../reward-rules';
import { sortField } from './config';
import { listQuerySchema, reasonField } from './fields';
import type { ColumnSpec } from './players';

/**
 * Venues and games as the back office runs them (issue 18): a venue enabled, disabled or in
 * maintenance (POST /admin/api/venues/:code/status), and each game shown or hidden, hot, new, its
 * order and category. The player app's game list (and its ETag) follows every change.
 */
export const GAME_CATEGORY_OPTIONS = GAME_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_NAMES[value] ?? value,
}));

export const venueRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  sort: z.number(),
  games: z.number(),
  shown_games: z.number(),
});
export type VenueRow = z.infer<typeof venueRowSchema>;

export const gameQuerySchema = listQuerySchema.extend({
  venue: z.string().trim().max(16).default(''),
  category: z.enum(['', ...GAME_CATEGORIES]).default(''),
  q: z.string().trim().max(32).default(''),
  app_state: z.enum(['', '0', '1']).default(''),
});
export type GameQuery = z.infer<typeof gameQuerySchema>;

const STATES = { 0: '已隐藏', 1: '显示中' } as const;
const FLAG = { 0: '否', 1: '是' } as const;

export const GAME_COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', title: '编号' },
  { key: 'venue_name', title: '场馆' },
  { key: 'game_code', title: '游戏代码' },
  { key: 'name', title: '游戏名称' },
  { key: 'category_name', title: '分类' },
  { key: 'app_state', title: '显示', kind: 'state', states: STATES },
  { key: 'is_hot', title: '热门', kind: 'state', states: FLAG },
  { key: 'is_new', title: '新游戏', kind: 'state', states: FLAG },
  { key: 'sort', title: '排序', sortable: true },
];

/** A change of one game: any of its settings, with the operator's reason for the audit log. */
export const gameChangeSchema = z
  .object({
    app_state: z.union([z.literal(0), z.literal(1)]).optional(),
    is_hot: z.union([z.literal(0), z.literal(1)]).optional(),
    is_new: z.union([z.literal(0), z.literal(1)]).optional(),
    sort: sortField.optional(),
    category: z.enum(GAME_CATEGORIES, { message: '分类不正确' }).optional(),
    reason: reasonField,
  })
  .refine(
    (b) => [b.app_state, b.is_hot, b.is_new, b.sort, b.category].some((v) => v !== undefined),
    '请至少修改一项',
  );
export type GameChange = z.infer<typeof gameChangeSchema>;

export const VENUE_MSG = {
  gameNotFound: '游戏不存在',
  venueNotFound: '场馆不存在',
} as const;
