import { z } from 'zod';
import { DATE_FILTER_DAYS, DEFAULT_DATE_FILTER } from './constants';

/** Records pages load by page and stop at last_page (spec 9). */
export const RECORDS_PAGE_SIZE = 15;

const intField = (fallback: number) =>
  z
    .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number), z.literal('')])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v));

export const pageField = intField(1).pipe(
  z.number().int().min(1, '参数错误：page').max(10_000, '参数错误：page'),
);

/** date: 1 today, 2 last 7 days, 3 last 15, 4 last 30 (default 4); answered as its number of Beijing days. */
export const dateFilterField = intField(DEFAULT_DATE_FILTER)
  .pipe(z.number().int().min(1, '参数错误：date').max(4, '参数错误：date'))
  .transform((v) => DATE_FILTER_DAYS[v as keyof typeof DATE_FILTER_DAYS]);

/** A page of records: `{ data, current_page, last_page, total }`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), current_page: z.number(), last_page: z.number(), total: z.number() });

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}
