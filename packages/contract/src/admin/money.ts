import { z } from 'zod';
import { amountNumber } from '../amount';
import { dayField, listQuerySchema, reasonField } from './fields';
import type { ColumnSpec } from './players';

/**
 * The back office's money side (DESIGN.md section 12): the deposit and withdrawal review queues
 * with claims, decisions and four-eyes approvals, withdrawal risk, manual adjustments, venue
 * transfers awaiting settlement and a player's ledger history.
 */

export const REVIEW_QUEUES = { deposits: '充值审核', withdrawals: '取款审核' } as const;
export type ReviewQueue = keyof typeof REVIEW_QUEUES;

/** How long a claim keeps an order for its operator; past it anyone may claim the order. */
export const CLAIM_MINUTES = 5;

const REVIEW_STATES = { 1: '待审核', 2: '已通过', 3: '已拒绝' } as const;
export const CHANNEL_KINDS = { usdt: 'USDT', bank: '银行转账', online: '在线支付' } as const;
export type ChannelKind = keyof typeof CHANNEL_KINDS;

const optionalAmount = z.coerce.number().nonnegative().max(1_000_000_000).optional();

/** A queue's filters: state (0 every state), player, amount range, channel kind, Beijing days. */
export const reviewQueueQuerySchema = listQuerySchema.extend({
  state: z.coerce.number().int().min(0).max(3).default(1),
  player: z.string().trim().max(32).default(''),
  channel: z.enum(['', 'usdt', 'bank', 'online']).default(''),
  min_amount: optionalAmount,
  max_amount: optionalAmount,
  from: dayField.optional(),
  to: dayField.optional(),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

const money = (key: string, title: string): ColumnSpec => ({ key, title, kind: 'money', sortable: true });
const time = (key: string, title: string, sortable = false): ColumnSpec => ({
  key,
  title,
  kind: 'time',
  sortable,
});
const claimColumns: ColumnSpec[] = [
  { key: 'claimed_by', title: '领取人' },
  time('claimed_until', '领取至'),
  { key: 'decided_by', title: '审核人' },
];

export const DEPOSIT_QUEUE_COLUMNS: readonly ColumnSpec[] = [
  { key: 'order_no', title: '订单号' },
  { key: 'username', title: '玩家' },
  { key: 'channel_kind', title: '类型' },
  { key: 'channel', title: '渠道' },
  money('amount', '金额'),
  { key: 'state', title: '状态', kind: 'state', states: REVIEW_STATES },
  { key: 'gateway_status', title: '网关状态' },
  { key: 'depositor', title: '付款信息' },
  time('created_at', '提交时间', true),
  ...claimColumns,
  { key: 'note', title: '备注' },
];

export const WITHDRAWAL_QUEUE_COLUMNS: readonly ColumnSpec[] = [
  { key: 'order_no', title: '订单号' },
  { key: 'username', title: '玩家' },
  { key: 'channel_kind', title: '类型' },
  money('amount', '金额'),
  { key: 'fee', title: '手续费', kind: 'money' },
  { key: 'to', title: '收款账户' },
  { key: 'state', title: '状态', kind: 'state', states: REVIEW_STATES },
  { key: 'four_eyes', title: '双人复核' },
  time('created_at', '申请时间', true),
  ...claimColumns,
  { key: 'note', title: '备注' },
];

export const claimBodySchema = z.object({ order_no: z.string().trim().min(1).max(32) });

/** A decision: approve or reject, with the operator's note (the audit log's reason). */
export const decisionBodySchema = z.object({
  order_no: z.string().trim().min(1).max(32),
  decision: z.enum(['approve', 'reject']),
  note: reasonField,
});
export type Decision = z.infer<typeof decisionBodySchema>['decision'];

/** What a decision did: decided the order, or (four-eyes) recorded the first of two approvals. */
export const decisionAnswerSchema = z.object({ outcome: z.enum(['decided', 'first-approval']) });

/** A withdrawal's risk context, as the reviewer reads it before deciding. */
export const withdrawalRiskSchema = z.object({
  order_no: z.string(),
  player_id: z.number(),
  username: z.string(),
  amount: z.number(),
  turnover_required: z.number(),
  account_age_days: z.number(),
  registered_at: z.string(),
  /** The last 30 days: deposits and withdrawals approved, and the net game result (player's side). */
  last_30_days: z.object({
    deposits: z.number(),
    deposit_count: z.number(),
    withdrawals: z.number(),
    withdrawal_count: z.number(),
    game_result: z.number(),
    bet_count: z.number(),
  }),
  /** Password, pay-password and card changes of the last 30 days, newest first. */
  recent_changes: z.array(z.object({ at: z.string(), what: z.string() })),
  /** Other players who bound the same card or address, or share a registration or login address. */
  shared_with: z.array(z.object({ player_id: z.number(), username: z.string(), via: z.string() })),
  four_eyes: z.object({ required: z.boolean(), threshold: z.number(), first_approved_by: z.string() }),
});
export type WithdrawalRisk = z.infer<typeof withdrawalRiskSchema>;

/** The amount above which a withdrawal approval or a manual adjustment needs a second operator. */
export const reviewSettingsSchema = z.object({
  four_eyes_threshold: amountNumber('four_eyes_threshold').pipe(z.number().nonnegative()),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const reviewSettingsBodySchema = reviewSettingsSchema.extend({ reason: reasonField });

export const ADJUSTMENT_DIRECTIONS = { credit: '人工加款', debit: '人工扣款' } as const;

/** A manual credit or debit of a player's central wallet, with the turnover it adds (credit only). */
export const adjustmentBodySchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: amountNumber('amount').pipe(z.number().positive({ message: '金额必须大于0' })),
  turnover_multiple: z.coerce.number().min(0).max(50).default(1),
  reason: reasonField,
  /** A script's key for this adjustment: sent again, it creates nothing and answers the first. */
  key: z.string().min(8).max(100).optional(),
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

export const adjustmentDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: reasonField,
});

export const adjustmentAnswerSchema = z.object({
  id: z.number(),
  state: z.enum(['pending', 'applied', 'rejected']),
  /** True when the key had been sent before: nothing new was created. */
  replayed: z.boolean(),
});

export const ADJUSTMENT_STATES = { pending: '待复核', applied: '已入账', rejected: '已拒绝' } as const;
export const adjustmentStateLabel = (state: string) =>
  ADJUSTMENT_STATES[state as keyof typeof ADJUSTMENT_STATES] ?? state;

export const adjustmentQuerySchema = listQuerySchema.extend({
  state: z.enum(['', 'pending', 'applied', 'rejected']).default('pending'),
  player_id: z.coerce.number().int().positive().optional(),
});

export const ADJUSTMENT_COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', title: '编号', sortable: true },
  { key: 'username', title: '玩家' },
  { key: 'direction', title: '类型' },
  money('amount', '金额'),
  { key: 'turnover_multiple', title: '打码倍数' },
  { key: 'reason', title: '原因' },
  { key: 'state', title: '状态' },
  { key: 'requested_by', title: '申请人' },
  time('requested_at', '申请时间', true),
  { key: 'decided_by', title: '复核人' },
  time('decided_at', '复核时间'),
];

/** Venue transfers still awaiting the venue's answer, oldest first. */
export const PENDING_TRANSFER_COLUMNS: readonly ColumnSpec[] = [
  { key: 'order_no', title: '订单号' },
  { key: 'username', title: '玩家' },
  { key: 'venue', title: '场馆' },
  { key: 'direction', title: '方向' },
  money('amount', '金额'),
  time('created_at', '发起时间', true),
  { key: 'age', title: '已等待' },
];

export const settleTransferAnswerSchema = z.object({
  state: z.enum(['success', 'failed', 'pending']),
});

/** What asking the venue about a transfer ended in, as the operator reads it. */
export const SETTLE_OUTCOME = {
  success: '场馆已确认到账，转账已完成',
  failed: '场馆未收到该笔转账，已退回',
  pending: '场馆暂未应答，转账仍待结算，请稍后再试',
} as const;

/** A player's ledger history: newest first, by keyset (`before`: the previous page's `next`). */
export const ledgerHistoryQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(5).max(100).default(20),
});

export const ledgerHistorySchema = z.object({
  entries: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      amount: z.number(),
      kind: z.string(),
      kind_label: z.string(),
      counterparty: z.string(),
      ref: z.string(),
      memo: z.string(),
    }),
  ),
  next: z.number().nullable(),
});

export const LEDGER_COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', title: '流水号' },
  time('at', '时间'),
  { key: 'kind_label', title: '类型' },
  { key: 'amount', title: '金额', kind: 'money' },
  { key: 'counterparty', title: '对方账户' },
  { key: 'ref', title: '关联单据' },
  { key: 'memo', title: '备注' },
];

/** What the ledger's movement kinds are called in the console. */
export const LEDGER_KIND_LABEL: Readonly<Record<string, string>> = {
  deposit: '充值入账',
  withdrawal: '取款冻结',
  withdrawal_void: '取款退回',
  venue_in: '转入场馆',
  venue_in_void: '转入场馆退回',
  venue_out_settle: '场馆转出',
  operator_credit: '人工加款',
  operator_debit: '人工扣款',
  red_packet: '红包',
  rebate: '返水',
  demo_grant: '体验金',
};

export const MONEY_MSG = {
  orderNotFound: '订单不存在',
  claimedByOther: (name: string) => `该订单已被 ${name} 领取，请稍后再试`,
  claimFirst: '请先领取该订单再审核',
  alreadyDecided: '该订单已审核，不能重复处理',
  notReviewable: '该订单不在待审核状态',
  onlineNotReviewable: '在线支付订单由支付网关确认，不能人工审核',
  secondApprover: '双人复核：需由另一名操作员复核通过',
  firstApproval: '已初审通过，等待另一名操作员复核',
  adjustmentNotFound: '调账申请不存在',
  adjustmentDecided: '该调账申请已处理',
  adjustmentKeyReused: '该 key 已用于另一笔调账申请，本次未执行',
  insufficient: '玩家中心钱包余额不足，未扣款',
  transferNotFound: '转账订单不存在',
} as const;
