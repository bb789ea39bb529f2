/** Player protection (负责任博彩) and account security (账户安全): rules, texts and the API's shapes. */
import { z } from 'zod';
import { reasonField } from './admin/fields';
import { amountInput } from './amount';

export const LIMIT_KINDS = ['deposit', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Rolling windows of the limits, in milliseconds. */
export const PERIOD_MS: Record<LimitPeriod, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};
export const PERIOD_LABEL: Record<LimitPeriod, string> = { day: '24小时', week: '7天', month: '30天' };
export const LIMIT_KIND_LABEL: Record<LimitKind, string> = { deposit: '充值限额', loss: '亏损限额' };

/** A raised or removed limit waits this long, then needs the player's second confirmation. */
export const LIMIT_COOLING_MS = 24 * 3_600_000;

/** Reality-check intervals a player may choose, in minutes (0: off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;

export const RESTRICTION_TERMS = {
  timeout: ['24h', '7d', '30d', '6w'],
  exclusion: ['6m', '1y', '5y'],
} as const;
export type RestrictionKind = keyof typeof RESTRICTION_TERMS;
export type RestrictionTerm = (typeof RESTRICTION_TERMS)[RestrictionKind][number];
export const TERM_LABEL: Record<RestrictionTerm, string> = {
  '24h': '24小时',
  '7d': '7天',
  '30d': '30天',
  '6w': '6周',
  '6m': '6个月',
  '1y': '1年',
  '5y': '5年',
};
export const RESTRICTION_LABEL: Record<RestrictionKind, string> = {
  timeout: '冷静期',
  exclusion: '自我禁止',
};

/** A self-exclusion that has ended opens this long after the player asks to return. */
export const RETURN_DELAY_MS = 24 * 3_600_000;

/** What a restricted player is refused, named in the refusal. */
export const GUARDED_ACTIONS = {
  deposit: '充值',
  transferIn: '转入场馆',
  launch: '进入游戏',
  redPacket: '领取红包',
  activity: '申请活动',
} as const;
export type GuardedAction = keyof typeof GUARDED_ACTIONS;

export const PROTECTION_MSG = {
  limitSet: '限额已生效',
  limitRaiseScheduled: (at: string) => `限额调整已提交，将于${at}后可确认生效`,
  limitRemoveScheduled: (at: string) => `取消限额已提交，将于${at}后可确认生效`,
  limitNothingToRemove: '您尚未设置该限额',
  limitNoPending: '没有待确认的限额调整',
  limitConfirmTooEarly: (at: string) => `请于${at}后再确认`,
  limitConfirmed: '限额调整已生效',
  limitAmount: '请输入正确的限额金额',
  depositOverLimit: (period: string, remaining: string, at: string) =>
    `已超出${period}充值限额，当前剩余可充值${remaining}，${at}起恢复额度`,
  depositAboveLimit: (period: string, limit: string) =>
    `单笔充值金额超过${period}充值限额${limit}，该限额下无法充值此金额`,
  lossReached: (period: string, at: string) => `已达到${period}亏损限额，${at}前无法转入场馆或进入游戏`,
  realityCheckSet: '提醒设置成功',
  restricted: (label: string, until: string, action: string) =>
    `您正处于${label}（至${until}），期间无法${action}`,
  exclusionEnded: (action: string) => `自我禁止期已结束，请先申请恢复账户后再${action}`,
  returning: (at: string, action: string) => `账户将于${at}恢复，届时才能${action}`,
  restrictionStarted: (label: string, until: string) => `${label}已开始，至${until}结束，请重新登录`,
  restrictionNotShorter: (until: string) => `当前限制至${until}结束，期间不可缩短或解除`,
  returnNotEnded: '自我禁止期尚未结束，无法申请恢复',
  returnNotExcluded: '您的账户无需申请恢复',
  returnRequested: (at: string) => `已申请恢复，账户将于${at}恢复`,
  noPromotions: '该玩家处于冷静期或自我禁止期，不接收推广消息',
  sessionEnded: '已下线该设备',
  othersEnded: '已下线其他全部设备',
  sessionNotFound: '该登录设备不存在或已下线',
} as const;

const limitKind = z.enum(LIMIT_KINDS, { error: '请选择限额类型' });
const limitPeriod = z.enum(LIMIT_PERIODS, { error: '请选择限额周期' });

/** Set a limit: an amount in yuan, or null to remove it. */
export const setLimitBodySchema = z.object({
  kind: limitKind,
  period: limitPeriod,
  amount: amountInput('amount').nullable(),
});
export const limitKeyBodySchema = z.object({ kind: limitKind, period: limitPeriod });
export const realityCheckBodySchema = z.object({
  minutes: z.coerce
    .number({ error: '请选择提醒间隔' })
    .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), '请选择提醒间隔'),
});
export const restrictBodySchema = z
  .object({
    kind: z.enum(['timeout', 'exclusion'], { error: '请选择限制类型' }),
    term: z.enum(['24h', '7d', '30d', '6w', '6m', '1y', '5y'], { error: '请选择期限' }),
    paypassword: z.string({ error: '请输入支付密码' }).min(1, '请输入支付密码').max(64, '请输入支付密码'),
  })
  .refine((b) => (RESTRICTION_TERMS[b.kind] as readonly string[]).includes(b.term), {
    message: '请选择期限',
    path: ['term'],
  });
export const sessionIdBodySchema = z.object({
  id: z.coerce.number({ error: '请选择登录设备' }).int().positive(),
});

export const limitSchema = z.object({
  kind: limitKind,
  period: limitPeriod,
  /** Yuan; null: not set. */
  amount: z.number().nullable(),
  used: z.number(),
  remaining: z.number().nullable(),
  /** A raise or removal waiting: the new amount (null: removal) and when it may be confirmed. */
  pending: z.object({ amount: z.number().nullable(), confirm_from: z.string() }).nullable(),
});
export type Limit = z.infer<typeof limitSchema>;

export const restrictionSchema = z.object({
  kind: z.enum(['timeout', 'exclusion']),
  /** active: within its term; ended: an exclusion over, awaiting the player's return request; returning: requested. */
  phase: z.enum(['active', 'ended', 'returning']),
  ends_at: z.string(),
  opens_at: z.string().nullable(),
});
export type Restriction = z.infer<typeof restrictionSchema>;

export const protectionStateSchema = z.object({
  limits: z.array(limitSchema),
  reality_check: z.number().int(),
  restriction: restrictionSchema.nullable(),
});
export type ProtectionState = z.infer<typeof protectionStateSchema>;

export const realityCheckSchema = z.object({
  interval: z.number().int(),
  logged_in_at: z.string(),
  /** Seconds since this session's login. */
  elapsed: z.number().int(),
  /** Net result of settled bets since login, yuan (negative: lost). */
  net: z.number(),
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;

export const loginEventSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  ip: z.string(),
  device: z.string(),
  result: z.string(),
});
export type LoginEvent = z.infer<typeof loginEventSchema>;

export const sessionRowSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

/** Systems by their user-agent marks, the first that matches naming it (an iPad before iOS at large). */
const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone/, 'iPhone'],
  [/iPod/, 'iPod'],
  [/HarmonyOS|OpenHarmony/, '鸿蒙'],
  // Android tablets leave "Mobile" out of their user agent.
  [/Android(?!.*Mobile)/, 'Android 平板'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Browsers and in-app browsers by their marks, the most particular first (all of them say "Safari"). */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/, '微信'],
  [/ QQ\//, 'QQ'],
  [/MQQBrowser/, 'QQ浏览器'],
  [/UCBrowser/, 'UC浏览器'],
  [/SamsungBrowser/, '三星浏览器'],
  [/HuaweiBrowser/, '华为浏览器'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/CriOS\/|HeadlessChrome|Chrome\/|Chromium\//, 'Chrome'],
  [/FxiOS\/|Firefox\//, 'Firefox'],
  [/Safari\//, 'Safari'],
];

const firstOf = (marks: [RegExp, string][], ua: string) => marks.find(([mark]) => mark.test(ua))?.[1];

/**
 * A readable device name from a user agent: browser on device ("Safari · iPhone", "Chrome · Android
 * 平板"). An iPad asking for desktop sites says it is a Mac (macOS): its user agent cannot tell them apart.
 */
export function deviceOf(userAgent: string): string {
  const parts = [firstOf(BROWSERS, userAgent), firstOf(SYSTEMS, userAgent)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '未知设备';
}

/** An optional code field of a request that two-factor guards: empty when the player has none. */
export const totpCodeField = z.string().trim().max(32, '请输入正确的谷歌验证码').optional();

/** A code alone (enrolment's first code, turning two-factor off); a missing one is refused with its message. */
export const totpCodeBodySchema = z.object({ code: totpCodeField.default('') });

export const twoFactorStateSchema = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet. */
  recovery_left: z.number().int(),
});
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri`, an SVG drawn by the server (data: URI). */
  qr: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** The operator's setting of that wait, in hours (0: at once). */
export const cardWaitSchema = z.object({
  hours: z
    .number({ error: '请输入等待时长' })
    .int('请输入整数小时')
    .min(0, '等待时长不能为负')
    .max(720, '等待时长最多720小时'),
});
export type CardWait = z.infer<typeof cardWaitSchema>;
/** Changing it is an audited operator action with its reason. */
export const cardWaitBodySchema = cardWaitSchema.extend({ reason: reasonField });

/** A time-out or self-exclusion as the back office lists it (all of them, kept for ever). */
export const restrictionRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['timeout', 'exclusion']),
  term: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  return_requested_at: z.string().nullable(),
});
export type RestrictionRecord = z.infer<typeof restrictionRecordSchema>;

/** The back office's read-only view of a player's protection (an operator lifts nothing). */
export const playerProtectionSchema = protectionStateSchema.extend({
  restrictions: z.array(restrictionRecordSchema),
  two_factor: z.boolean(),
});
export type PlayerProtection = z.infer<typeof playerProtectionSchema>;
