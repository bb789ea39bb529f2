import { z } from 'zod';
import { amountNumber } from '../amount';
import { MIN_WITHDRAWAL } from '../constants';
import { isHttpAddress } from '../url';
import { usdtAddressValid } from '../wallet-rules';
import { reasonField, textField } from './fields';

/**
 * The platform's configuration as the back office edits it (issue 18): payment channels, receiving
 * accounts, the USDT rate, withdrawal fees and minimum (财务); red-packet rules and switch (运营);
 * VIP levels (超级管理员); maintenance mode, customer-service and download addresses (超级管理员).
 * Every value is read where it is used, per request, so a saved change holds on every server
 * process at once. Each save says why (the audit log's reason).
 */

export const CONFIG_MSG = {
  saved: '已保存，所有服务立即生效',
  channelNotFound: '支付渠道不存在',
  accountNotFound: '收款账户不存在',
  accountDuplicate: '该收款账户已存在',
  vipNotFound: 'VIP等级不存在',
  rangeOrder: '最低金额不能大于最高金额',
  fixedValues: '请填写1-12个固定金额，每个大于0',
  usdtAddress: '请输入与协议相符的USDT地址',
  usdtProtocol: 'USDT收款账户的协议应为 TRC20 或 ERC20',
  bankNumber: '银行账号应为8-30位数字',
  timeOrder: '红包规则的开始时间应早于结束时间',
  packetBounds: '红包最小金额不能大于最大金额',
  vipAscending: 'VIP等级的晋级要求应不低于上一等级、不高于下一等级',
  address: (label: string) => `${label}只能是 http:// 或 https:// 开头的地址，或本站路径`,
} as const;

/** At most two decimals (amounts, percentages). */
const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
// Each rule is a refinement: the server shows a custom issue's message as it is (admin/fields.ts).
const money = (field: string, label: string) =>
  amountNumber(field).refine((v) => v >= 0 && twoDecimals(v), {
    message: `${label}不能为负数，最多保留两位小数`,
  });
const positiveMoney = (field: string, label: string) =>
  amountNumber(field).refine((v) => v > 0 && twoDecimals(v), {
    message: `${label}必须大于0，最多保留两位小数`,
  });
export const sortField = z
  .number()
  .refine((v) => Number.isInteger(v) && v >= 0 && v <= 9999, { message: '排序应为 0-9999 的整数' });

// Payment channels

export const amountRuleSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('range'),
      min: positiveMoney('min', '最低金额'),
      max: positiveMoney('max', '最高金额'),
    })
    .refine((r) => r.min <= r.max, { message: CONFIG_MSG.rangeOrder, path: ['max'] }),
  z.object({
    type: z.literal('fixed'),
    values: z
      .array(positiveMoney('values', '固定金额'))
      .refine((v) => v.length >= 1 && v.length <= 12, { message: CONFIG_MSG.fixedValues }),
  }),
]);

export const CHANNEL_KIND_LABEL = { usdt: 'USDT', bank: '银行转账', online: '在线支付' } as const;

export const channelSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['usdt', 'bank', 'online']),
  enabled: z.boolean(),
  sort: z.number(),
  amount_rule: amountRuleSchema,
});
export type ChannelConfig = z.infer<typeof channelSchema>;

export const channelBodySchema = z.object({
  enabled: z.boolean(),
  sort: sortField,
  amount_rule: amountRuleSchema,
  reason: reasonField,
});
export type ChannelBody = z.infer<typeof channelBodySchema>;

// Receiving accounts

export const USDT_ACCOUNT_PROTOCOLS = ['TRC20', 'ERC20'] as const;

export const receivingAccountSchema = z.object({
  id: z.number(),
  kind: z.enum(['bank', 'usdt']),
  bank_name: z.string(),
  owner: z.string(),
  number: z.string(),
  note: z.string(),
  enabled: z.boolean(),
  sort: z.number(),
});
export type ReceivingAccountConfig = z.infer<typeof receivingAccountSchema>;

const text = (label: string, max: number) =>
  textField((v) => v.length >= 1 && v.length <= max, `请填写${label}（最多${max}字）`);

/** A bank account (bank, holder, number, branch) or a USDT address (its protocol in `owner`). */
export const receivingAccountBodySchema = z
  .object({
    kind: z.enum(['bank', 'usdt'], { message: '类型应为 bank 或 usdt' }),
    bank_name: text('银行名称', 32),
    owner: text('开户人或协议', 32),
    number: text('账号或地址', 64),
    note: textField((v) => v.length <= 128, '备注最多128字'),
    enabled: z.boolean(),
    sort: sortField,
    reason: reasonField,
  })
  .superRefine((b, issue) => {
    if (b.kind === 'usdt') {
      if (!(USDT_ACCOUNT_PROTOCOLS as readonly string[]).includes(b.owner)) {
        issue.addIssue({ code: 'custom', message: CONFIG_MSG.usdtProtocol, path: ['owner'] });
      } else if (!usdtAddressValid(b.owner, b.number)) {
        issue.addIssue({ code: 'custom', message: CONFIG_MSG.usdtAddress, path: ['number'] });
      }
    } else if (!/^\d{8,30}$/.test(b.number)) {
      issue.addIssue({ code: 'custom', message: CONFIG_MSG.bankNumber, path: ['number'] });
    }
  });
export type ReceivingAccountBody = z.infer<typeof receivingAccountBodySchema>;

// Deposits and withdrawals

export const paymentSettingsSchema = z.object({
  /** How many U one 元 buys (微信 and 支付宝 show amount / usdt_rate in 元). */
  usdt_rate: z.number(),
  withdraw_fees: z.object({ trc20: z.number(), erc20: z.number() }),
  withdraw_min: z.number(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const paymentSettingsBodySchema = z.object({
  usdt_rate: z.number().refine((v) => v > 0 && v <= 1000, { message: 'USDT汇率应大于0且不超过1000' }),
  withdraw_fees: z.object({
    trc20: money('trc20', 'TRC20手续费'),
    erc20: money('erc20', 'ERC20手续费'),
  }),
  withdraw_min: amountNumber('withdraw_min').refine((v) => v >= MIN_WITHDRAWAL, {
    message: `最低取款金额不能低于${MIN_WITHDRAWAL}`,
  }),
  reason: reasonField,
});

export const paymentConfigSchema = z.object({
  channels: z.array(channelSchema),
  accounts: z.array(receivingAccountSchema),
  settings: paymentSettingsSchema,
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// Red packets

const clock = z
  .string()
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { message: '时间格式应为 HH:MM' });

export const redPacketRuleSchema = z
  .object({
    start_time: clock,
    end_time: clock,
    recharge: money('recharge', '存款要求'),
    day_flow: money('day_flow', '流水要求'),
    min_money: positiveMoney('min_money', '红包最小金额'),
    flow_money: positiveMoney('flow_money', '红包最大金额'),
  })
  .refine((r) => r.start_time < r.end_time, { message: CONFIG_MSG.timeOrder, path: ['end_time'] })
  .refine((r) => r.min_money <= r.flow_money, { message: CONFIG_MSG.packetBounds, path: ['flow_money'] });
export type RedPacketRuleConfig = z.infer<typeof redPacketRuleSchema>;

export const redPacketConfigSchema = z.object({
  enabled: z.boolean(),
  rules: z.array(redPacketRuleSchema),
});
export type RedPacketConfig = z.infer<typeof redPacketConfigSchema>;

export const redPacketBodySchema = z.object({
  enabled: z.boolean(),
  rules: z.array(redPacketRuleSchema).refine((v) => v.length <= 20, { message: '红包规则最多20条' }),
  reason: reasonField,
});

// VIP levels

export const REBATE_FIELDS = {
  realperson: '真人视讯',
  sport: '体育赛事',
  e_sport: '电子竞技',
  joker: '棋牌游戏',
  electron: '电子游戏',
  lottery: '彩票游戏',
} as const;
export type RebateField = keyof typeof REBATE_FIELDS;

/** A rebate rate in percent of valid bets, two decimals (0.50 = 0.50 %), at most 5 %. */
const rate = z
  .number()
  .refine((v) => v >= 0 && v <= 5 && twoDecimals(v), { message: '返水比例应为 0-5%，最多保留两位小数' });

export const vipLevelSchema = z.object({
  level: z.number(),
  name: z.string(),
  /** Cumulative deposits and valid bets required (whole units). */
  recharge: z.number(),
  flow: z.number(),
  /** Valid bets within the retention period that keep the level. */
  retention_flow: z.number(),
  /** Percent of valid bets, per category. */
  rebates: z.record(z.enum(Object.keys(REBATE_FIELDS) as [RebateField, ...RebateField[]]), z.number()),
});
export type VipLevelConfig = z.infer<typeof vipLevelSchema>;

export const vipLevelBodySchema = z.object({
  name: text('等级名称', 32),
  recharge: money('recharge', '累计存款要求'),
  flow: money('flow', '累计流水要求'),
  retention_flow: money('retention_flow', '保级流水'),
  rebates: z.object({
    realperson: rate,
    sport: rate,
    e_sport: rate,
    joker: rate,
    electron: rate,
    lottery: rate,
  }),
  reason: reasonField,
});
export type VipLevelBody = z.infer<typeof vipLevelBodySchema>;

// Site: maintenance mode, customer service, downloads

const address = (label: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine(isHttpAddress, { message: CONFIG_MSG.address(label) });

export const siteConfigSchema = z.object({
  site_state: z.union([z.literal(0), z.literal(1)]),
  repair_tips: z.string(),
  service_url: z.string(),
  h5_url: z.string(),
  ios_download_url: z.string(),
  ios_download_qrcode: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const siteConfigBodySchema = z.object({
  /** 1 open, 0 maintenance (the player app shows repair_tips). */
  site_state: z.union([z.literal(0), z.literal(1)], { message: '站点状态应为 0（维护）或 1（开放）' }),
  repair_tips: text('维护公告', 200),
  service_url: address('客服地址'),
  h5_url: address('H5 地址'),
  ios_download_url: address('APP 下载地址'),
  ios_download_qrcode: address('下载二维码地址'),
  reason: reasonField,
});
