import { envelopeSchema } from '@app/contract/envelope';
import { z } from 'zod';

const errorEnvelope = z.object({ code: z.number().int(), message: z.string() });

/** Response schemas of a route: the success envelope around `data`, and the error envelope. */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data), '4xx': errorEnvelope, '5xx': errorEnvelope };
}

/** Response schemas of a route whose success carries only a message. */
export const messageReplies = { 200: errorEnvelope, '4xx': errorEnvelope, '5xx': errorEnvelope };

/** The sensitive routes' per-address limit, in requests a minute. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
