import { z } from 'zod';

/** Every response body: `{ code, message, data? }`; code 200 is success and the HTTP status mirrors it. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data?: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data: data.optional() });

export const ApiCode = {
  ok: 200,
  badInput: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  refused: 422,
  tooMany: 429,
  internal: 500,
  unavailable: 503,
} as const;
