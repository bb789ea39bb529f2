import { z } from 'zod';
import { dateFilterField, pageField, pageSchema } from './paging';

/** Request and response schemas of the reward calls (spec section 7). */
export const redPacketRuleSchema = z.object({
  /** The grab window of the rule, HH:mm Beijing time. */
  start_time: z.string(),
  end_time: z.string(),
  /** Valid bets needed in the counting period. */
  day_flow: z.number(),
  /** The most a packet of this rule holds (the least is min_money). */
  flow_money: z.number(),
  min_money: z.number(),
  /** Deposits needed in the counting period (12:00 the day before to 10:00). */
  recharge: z.number(),
});
export type RedPacketRule = z.infer<typeof redPacketRuleSchema>;

export const redPacketInfoSchema = z.object({
  /** Grabs left today. */
  sendnums: z.number(),
  acquirednum: z.number(),
  max_times: z.number(),
  rules: z.array(redPacketRuleSchema),
  /** The player's deposits and valid bets in today's counting period. */
  recharge: z.number(),
  flow: z.number(),
  /** open, not_started or ended (Beijing time against the grab window). */
  window: z.enum(['not_started', 'open', 'ended']),
});
export type RedPacketInfo = z.infer<typeof redPacketInfoSchema>;

export const redPacketGrabSchema = z.object({ redpacketmoney: z.number() });

export const pageBodySchema = z.object({ page: pageField });
export const redPacketRecordSchema = z.object({
  /** The deposits the grab was counted on. */
  money: z.number(),
  redpacketmoney: z.number(),
  created_at: z.string(),
  usetime: z.string(),
});
export const redPacketRecordPageSchema = pageSchema(redPacketRecordSchema);

const optionalInt = z
  .union([z.number().int(), z.string().regex(/^\d*$/)])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

export const rebateQuerySchema = z.object({
  date: dateFilterField,
  page: pageField,
  /** A game category (realbet, concise, ...); empty: all. */
  api_type: z.string().trim().max(16).optional().default(''),
  /** 0 unclaimed, 1 claimed; empty: both. */
  type: optionalInt,
});
export const rebateRecordSchema = z.object({
  id: z.number(),
  gamename: z.string(),
  /** The day the bets were placed (Beijing), YYYY-MM-DD. */
  day: z.string(),
  valid_amount: z.number(),
  /** Percent. */
  rate: z.number(),
  money: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** 0 unclaimed; 1 claimed (updated_at is the claim time). */
  state: z.number(),
});
export type RebateRecord = z.infer<typeof rebateRecordSchema>;
export const rebateSummarySchema = z.object({
  list: pageSchema(rebateRecordSchema),
  /** Total claimed. */
  jisuan: z.number(),
  /** Claimable now. */
  nojisuan: z.number(),
});
