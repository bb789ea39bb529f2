import { z } from 'zod';
import { formatMoney, MAX_AMOUNT } from './money';

export const amountTooLarge = (field: string) => `参数错误：${field} 不能超过 ${formatMoney(MAX_AMOUNT)}`;
const withinBound = (v: number | '') => v === '' || Math.abs(v) <= MAX_AMOUNT;

/** A money amount that must be a JSON number (the operator API), never past MAX_AMOUNT. */
export const amountNumber = (field: string) => z.number().refine(withinBound, amountTooLarge(field));

/**
 * A money amount as a request carries it: a JSON number, or a numeric string as form posts send
 * it, or '' for none; never past MAX_AMOUNT, refused with a message that names `field`.
 */
export function amountInput(field: string) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
      z.literal(''),
    ])
    .refine(withinBound, amountTooLarge(field));
}
