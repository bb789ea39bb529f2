import { z } from 'zod';

/**
 * Body fields whose failures the operator reads as they are: the server's error handler shows a
 * custom issue's message and names the field of any other, so each rule here is a refinement.
 */
export const textField = (check: (v: string) => boolean, message: string) =>
  z
    .string()
    .optional()
    .default('')
    .transform((v) => v.trim())
    .refine(check, { message });

/** Every action that changes a player or an operator says why, for the audit log. */
export const REASON_LENGTH = { min: 2, max: 200 } as const;
export const reasonField = textField(
  (v) => v.length >= REASON_LENGTH.min && v.length <= REASON_LENGTH.max,
  `请填写操作原因（${REASON_LENGTH.min}-${REASON_LENGTH.max}字）`,
);

/** A console list's paging and sorting: `page` from 1, `page_size` 10-100, `sort` a column, `order`. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(5).max(100).default(20),
  sort: z.string().max(32).optional(),
  order: z.enum(['ascend', 'descend']).default('descend'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A Beijing calendar day, `YYYY-MM-DD`, as date filters send it. */
export const dayField = z
  .string()
  .refine((v) => /^\d{4}-\d\d-\d\d$/.test(v), { message: '日期格式应为 YYYY-MM-DD' });

/** A page of a console list: the shape of every paged list (DESIGN.md section 3). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number(),
    last_page: z.number(),
    total: z.number(),
  });
