import { z } from 'zod';
import { amountInput } from './amount';
import { dateFilterField, pageField, pageSchema } from './paging';

/** Request and response schemas of the deposit calls (spec section 7). */
const amountField = (field: string) =>
  amountInput(field)
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));
const text = z.string().trim().max(64, '参数错误').optional().default('');

export const amountRuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('range'), min: z.number(), max: z.number() }),
  z.object({ type: z.literal('fixed'), values: z.array(z.number()) }),
]);

/** How a channel's orders are paid: to an address or account an operator checks, or at a gateway. */
export const payKindSchema = z.enum(['usdt', 'bank', 'online']);
export type PayKind = z.infer<typeof payKindSchema>;

export const payChannelSchema = z.object({
  /** The paytype the app sends to recharge: usdt, card, wechat, pipay, dcep, qqpay, unionpay. */
  type: z.string(),
  name: z.string(),
  kind: payKindSchema,
  rule: amountRuleSchema,
});
export type PayChannel = z.infer<typeof payChannelSchema>;

const flag = z.union([z.literal(0), z.literal(1)]);
/** get_pay_way: a 1/0 flag per channel, as the spec names them, and the enabled channels in order. */
export const payWaySchema = z.object({
  usdt: flag.optional(),
  card: flag.optional(),
  wechat: flag.optional(),
  pipay: flag.optional(),
  dcep: flag.optional(),
  qqpay: flag.optional(),
  unionpay: flag.optional(),
  list: z.array(payChannelSchema),
});
export type PayWay = z.infer<typeof payWaySchema>;

export const payTypeBodySchema = z.object({ type: z.string().trim().min(1, '参数错误：type').max(16) });
export const payRangeSchema = z.object({ min_price: z.number(), max_price: z.number() });

export const receivingAccountSchema = z.object({
  id: z.number(),
  bank_no: z.string(),
  bank_owner: z.string(),
  bank_data: z.object({ bank_name: z.string() }),
  bank_address: z.string(),
});
export type ReceivingAccount = z.infer<typeof receivingAccountSchema>;

export const rechargeBodySchema = z.object({
  paytype: z.string().trim().min(1, '参数错误：paytype').max(16),
  amount: amountField('amount'),
  /** Bank deposits: the depositor's bank, the receiving account's number and the depositor's name. */
  bank: text,
  bank_address: text,
  bank_no: text,
  bank_owner: text,
  /** USDT deposits: the protocol, TRC20 or ERC20. */
  catepay: text,
});
export type RechargeBody = z.infer<typeof rechargeBodySchema>;
/**
 * message carries the deposit number (or 提交成功，等待后台审核 for bank deposits); url is the checkout
 * for online channels; order_token opens the order's page (payinfo) without a login: the app puts it
 * in the /payInfo link, so that a link to one's own order keeps working (another device, a session
 * that ended), while a deposit number alone never shows anyone's order.
 */
export const rechargeResultSchema = z.object({
  deposit_no: z.string(),
  url: z.string(),
  order_token: z.string(),
});

export const gatewayRechargeBodySchema = z.object({
  payAmount: amountField('payAmount'),
  username: z.string().trim().max(32).optional().default(''),
  payType: z.string().trim().min(1, '参数错误：payType').max(16),
});
export const gatewayRechargeResultSchema = z.object({ orderNo: z.string(), url: z.string() });

export const payInfoBodySchema = z.object({
  deposit_no: z.string().trim().min(1, '参数错误：deposit_no').max(32),
  /** The order's signed token from its /payInfo link: a visitor holding it sees the order. */
  order_token: z.string().trim().max(64).optional().default(''),
});
export const payInfoSchema = z.object({
  deposit_no: z.string(),
  info: z.object({ created_at: z.string(), paytype: z.string(), amount: z.number(), usdt_rate: z.number() }),
  /** mch_id: the receiving address or account; content: the protocol (USDT) or bank; payimg: the QR image path. */
  cardlist: z.array(z.object({ mch_id: z.string(), content: z.string(), payimg: z.string() })),
});
export type PayInfo = z.infer<typeof payInfoSchema>;

export const orderNoQuerySchema = z.object({
  orderNo: z.string().trim().min(1, '参数错误：orderNo').max(32),
});

export const transRecordBodySchema = z.object({
  date: dateFilterField,
  type: z
    .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number), z.literal('')])
    .optional()
    .transform((v) => (v === undefined || v === '' ? 1 : v))
    .pipe(z.number().int().min(1, '参数错误：type').max(5, '参数错误：type')),
  page: pageField,
  api_type: z.unknown().optional(),
});
export const transRecordSchema = z.object({
  out_trade_no: z.string(),
  amount: z.number(),
  pay_way: z.string(),
  state: z.number(),
  created_at: z.string(),
  /**
   * Deposits only: the channel's kind. USDT and bank orders wait for an operator's review (state 1);
   * an online order waits for its payment at the gateway, and state 3 means it was cancelled there
   * or expired unpaid.
   */
  pay_kind: payKindSchema.optional(),
});
export type TransRecord = z.infer<typeof transRecordSchema>;
export const transRecordPageSchema = pageSchema(transRecordSchema);
