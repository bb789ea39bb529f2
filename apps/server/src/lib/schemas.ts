import { envelopeSchema } from '@app/contract/envelope';
import { z } from 'zod';

const errorEnvelope = z.object({ code: z.number().int(), message: z.string() });

/** Response schemas of a route: the success envelope around `data`, and the error envelope (with `refusalData` where a refusal carries some). */
export function replies<T extends z.ZodType, R extends z.ZodType>(data: T, refusalData?: R) {
  return {
    200: envelopeSchema(data),
    '4xx': refusalData ? envelopeSchema(refusalData) : errorEnvelope,
    '5xx': errorEnvelope,
  };
}

/** Response schemas of a route whose success carries only a message. */
export const messageReplies = { 200: errorEnvelope, '4xx': errorEnvelope, '5xx': errorEnvelope };

/** The sensitive routes' per-address limit, in requests a minute. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The largest value of each integer column type (bigint: as far as JavaScript numbers are exact). */
const COLUMN_MAX = { smallint: 32_767, integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER } as const;
export type IdColumn = keyof typeof COLUMN_MAX;

/**
 * A row's id in a path: a positive whole number within its column's range, so an id no row can have
 * is refused here (400, 参数错误：id) rather than reaching the database as a value its column cannot
 * compare (a 500).
 */
export const idOf = (column: IdColumn) => z.coerce.number().int().positive().max(COLUMN_MAX[column]);

/** The `:id` path parameter of a route whose id is a column of this type. */
export const idParams = (column: IdColumn) => z.object({ id: idOf(column) });
