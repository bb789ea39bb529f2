import { z } from 'zod';
import { VIP_LEVELS } from '../constants';
import { listQuerySchema, reasonField } from './fields';

/** What the player search looks in. */
export const PLAYER_SEARCH_FIELDS = {
  username: '用户名',
  realname: '真实姓名',
  mobile: '手机号',
  card: '银行卡号/USDT地址',
  ip: '注册或登录IP',
} as const;
export type PlayerSearchField = keyof typeof PLAYER_SEARCH_FIELDS;

export const PLAYER_STATUS = { 1: '正常', 0: '已冻结' } as const;

export const playerSearchQuerySchema = listQuerySchema.extend({
  field: z
    .enum(Object.keys(PLAYER_SEARCH_FIELDS) as [PlayerSearchField, ...PlayerSearchField[]])
    .default('username'),
  q: z.string().trim().max(64).default(''),
  status: z.enum(['all', 'active', 'frozen']).default('all'),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuerySchema>;

export type ColumnKind = 'text' | 'money' | 'time' | 'state';

/** A column of a console table and of its CSV export: one description serves both. */
export interface ColumnSpec {
  key: string;
  title: string;
  kind?: ColumnKind;
  /** Labels of a state column's values. */
  states?: Readonly<Record<number, string>>;
  sortable?: boolean;
}

const REVIEW = { 1: '待审核', 2: '已通过', 3: '已拒绝' } as const;
const time = (key: string, title: string, sortable = false): ColumnSpec => ({
  key,
  title,
  kind: 'time',
  sortable,
});
const money = (key: string, title: string, sortable = false): ColumnSpec => ({
  key,
  title,
  kind: 'money',
  sortable,
});

export const PLAYER_COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', title: 'ID', sortable: true },
  { key: 'username', title: '用户名', sortable: true },
  { key: 'realname', title: '真实姓名' },
  { key: 'mobile', title: '手机号' },
  { key: 'vip', title: 'VIP', sortable: true },
  { key: 'is_agent', title: '代理', kind: 'state', states: { 0: '否', 1: '是' } },
  { key: 'status', title: '状态', kind: 'state', states: PLAYER_STATUS },
  money('balance', '中心钱包', true),
  time('created_at', '注册时间', true),
  time('last_login_at', '最后登录', true),
  { key: 'last_login_ip', title: '最后登录IP' },
];

/** The lists of a player's page, each a paged table with its CSV export. */
export const PLAYER_RECORDS = {
  sessions: {
    label: '登录记录',
    columns: [
      time('created_at', '登录时间', true),
      { key: 'ip', title: '登录IP' },
      { key: 'user_agent', title: '设备' },
      time('last_seen_at', '最后活动', true),
      { key: 'state', title: '状态' },
    ],
  },
  deposits: {
    label: '充值',
    columns: [
      { key: 'order_no', title: '订单号' },
      { key: 'channel', title: '渠道' },
      money('amount', '金额', true),
      { key: 'state', title: '状态', kind: 'state', states: REVIEW },
      { key: 'depositor', title: '付款人' },
      { key: 'note', title: '备注' },
      time('created_at', '创建时间', true),
      time('settled_at', '完成时间'),
    ],
  },
  withdrawals: {
    label: '取款',
    columns: [
      { key: 'order_no', title: '订单号' },
      { key: 'to', title: '收款账户' },
      money('amount', '金额', true),
      money('fee', '手续费'),
      { key: 'state', title: '状态', kind: 'state', states: REVIEW },
      { key: 'note', title: '备注' },
      time('created_at', '申请时间', true),
      time('reviewed_at', '审核时间'),
    ],
  },
  transfers: {
    label: '转账',
    columns: [
      { key: 'order_no', title: '订单号' },
      { key: 'venue', title: '场馆' },
      { key: 'direction', title: '方向' },
      money('amount', '金额', true),
      { key: 'state', title: '状态', kind: 'state', states: { 0: '失败', 1: '成功', 2: '待结算' } },
      { key: 'error', title: '说明' },
      time('created_at', '时间', true),
      time('settled_at', '结算时间'),
    ],
  },
  bets: {
    label: '投注',
    columns: [
      { key: 'bet_id', title: '注单号' },
      { key: 'venue', title: '场馆' },
      { key: 'game_code', title: '游戏' },
      money('bet_amount', '投注额', true),
      money('valid_amount', '有效投注'),
      money('win_loss', '输赢', true),
      { key: 'status', title: '状态', kind: 'state', states: { 0: '无效', 1: '已结算', 2: '未结算' } },
      time('placed_at', '投注时间', true),
    ],
  },
  'red-packets': {
    label: '红包',
    columns: [
      { key: 'day', title: '日期' },
      { key: 'rule', title: '档位' },
      money('deposits', '计入存款'),
      money('amount', '金额', true),
      time('grabbed_at', '领取时间', true),
    ],
  },
  rebates: {
    label: '返水',
    columns: [
      { key: 'day', title: '日期' },
      { key: 'category', title: '类别' },
      money('valid_amount', '有效投注'),
      { key: 'rate', title: '比例' },
      money('amount', '金额', true),
      { key: 'state', title: '状态', kind: 'state', states: { 0: '未领取', 1: '已领取' } },
      time('created_at', '计算时间', true),
      time('claimed_at', '领取时间'),
    ],
  },
  applications: {
    label: '活动申请',
    columns: [
      { key: 'activity', title: '活动' },
      { key: 'state', title: '状态', kind: 'state', states: REVIEW },
      time('created_at', '申请时间', true),
      time('reviewed_at', '审核时间'),
    ],
  },
  'agent-applications': {
    label: '代理申请',
    columns: [
      { key: 'mobile', title: '联系电话' },
      { key: 'reason', title: '申请理由' },
      { key: 'state', title: '状态', kind: 'state', states: REVIEW },
      time('created_at', '申请时间', true),
    ],
  },
} as const satisfies Record<string, { label: string; columns: readonly ColumnSpec[] }>;

export type PlayerRecordList = keyof typeof PLAYER_RECORDS;
export const PLAYER_RECORD_LISTS = Object.keys(PLAYER_RECORDS) as PlayerRecordList[];

/** A row of any console list: values by column key; money as amounts, times in Beijing time. */
export const rowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type Row = z.infer<typeof rowSchema>;

export const cardSchema = z.object({
  id: z.number(),
  /** 1 bank card, 2 USDT address. */
  type: z.number(),
  bank: z.string(),
  owner: z.string(),
  number: z.string(),
  address: z.string(),
  created_at: z.string(),
  removed_at: z.string(),
});

export const playerProfileSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string(),
  email: z.string(),
  birthday: z.string(),
  vip: z.number(),
  is_agent: z.number(),
  status: z.number(),
  referrer: z.string(),
  balance: z.number(),
  deposit_total: z.number(),
  turnover_required: z.number(),
  created_at: z.string(),
  register_ip: z.string(),
  last_login_at: z.string(),
  last_login_ip: z.string(),
  failed_logins: z.number(),
  /** Beijing time until which login is locked, or ''. */
  login_locked_until: z.string(),
  failed_pay_passwords: z.number(),
  pay_locked_until: z.string(),
  live_sessions: z.number(),
  cards: z.array(cardSchema),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

/** Asked of each venue now; a venue that does not answer says so instead of a balance. */
export const playerBalancesSchema = z.object({
  central: z.number(),
  venues: z.array(
    z.object({ code: z.string(), name: z.string(), balance: z.number().nullable(), error: z.string() }),
  ),
});

export const LOCKS = { login: '登录密码锁定', pay: '支付密码锁定' } as const;
export const PASSWORDS = { login: '登录密码', pay: '支付密码' } as const;

export const unlockBodySchema = z.object({ lock: z.enum(['login', 'pay']), reason: reasonField });
export const resetPasswordBodySchema = z.object({ which: z.enum(['login', 'pay']), reason: reasonField });
export const agentBodySchema = z.object({
  is_agent: z.union([z.literal(0), z.literal(1)]),
  reason: reasonField,
});
export const vipBodySchema = z.object({
  level: z.coerce
    .number()
    .int()
    .refine((v) => v >= 1 && v <= VIP_LEVELS, { message: `VIP等级须为1-${VIP_LEVELS}` }),
  reason: reasonField,
});
export const reasonOnlyBodySchema = z.object({ reason: reasonField });

/** A reset password, answered once. */
export const resetPasswordAnswerSchema = z.object({ password: z.string() });

export const PLAYER_MSG = {
  notFound: '玩家不存在',
  alreadyFrozen: '该玩家已被冻结',
  notFrozen: '该玩家未被冻结',
  done: '操作成功',
} as const;
