import { z } from 'zod';
import { amountInput } from './amount';
import { amountToCents } from './money';
import { totpCodeField } from './protection';
import {
  bindBankError,
  bindUsdtError,
  transferError,
  WALLET_SERVER_MSG,
  withdrawError,
} from './wallet-rules';

/** Request and response schemas of the wallet calls (spec section 7). */
const toAmount = (v: number | '' | undefined) => (v === '' || v === undefined ? null : v);
const text = z.string().optional().default('');

export const transferBodySchema = z
  .object({ amount: amountInput('amount').optional(), sourcetype: text, targettype: text })
  .transform((v) => ({ amount: toAmount(v.amount), source: v.sourcetype, target: v.targettype }))
  .superRefine((v, ctx) => {
    const message = transferError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const transferStatusBodySchema = z.object({
  transferstatus: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number),
});

export const cardTypeBodySchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform(Number),
});

export const bindCardBodySchema = z
  .object({
    bank_owner: text,
    bank: text,
    bank_no: text,
    bank_address: text,
    pay_pass: text,
    totp_code: totpCodeField,
  })
  .superRefine((v, ctx) => {
    const message =
      v.bank === 'USDT'
        ? bindUsdtError({ protocol: v.bank_owner, address: v.bank_no, payPassword: v.pay_pass })
        : bindBankError({
            owner: v.bank_owner,
            bank: v.bank,
            number: v.bank_no,
            branch: v.bank_address,
            payPassword: v.pay_pass,
          });
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type BindCardBody = z.infer<typeof bindCardBodySchema>;

export const idBodySchema = z.object({ id: z.coerce.number().int().positive() });

export const withdrawBodySchema = z
  .object({
    amount: amountInput('amount').optional(),
    bank: z.union([z.number().int(), z.string().regex(/^\d*$/)]).optional(),
    password: text,
    totp_code: totpCodeField,
  })
  .transform((v) => ({
    tab: 2 as const,
    cardId: v.bank === undefined || v.bank === '' ? null : Number(v.bank),
    amount: toAmount(v.amount),
    password: v.password,
    totpCode: v.totp_code,
  }))
  .superRefine((v, ctx) => {
    const message =
      withdrawError(v) ??
      (v.amount !== null && amountToCents(v.amount) === null ? WALLET_SERVER_MSG.amountFormat : null);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Response shapes. */
export const venueBalanceSchema = z.object({ name: z.string(), platname: z.string(), balance: z.number() });
export const cardSchema = z.object({
  id: z.number(),
  bank: z.string(),
  bank_owner: z.string(),
  bank_no: z.string(),
  bank_address: z.string(),
  ico: z.string(),
  /** A newly bound card receives withdrawals from this time (Beijing time); null: usable now. */
  usable_from: z.string().nullable().default(null),
});
export type Card = z.infer<typeof cardSchema>;
export const bankSchema = z.object({ bank_name: z.string() });
export const betAmountSchema = z.object({ bet_amount: z.number() });
