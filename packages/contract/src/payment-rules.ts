/** Deposit rules and messages shared by the player app and the server; no zod here, so the app stays small. */
import { DEPOSIT_DEFAULT_RANGE } from './constants';

/** Messages of spec sections 5 (Deposit) and 8, verbatim. */
export const PAYMENT_MSG = {
  amountRange: (min: number, max: number) => `请输入金额在${min}-${max}之间！`,
  depositorName: '请输入存款人姓名',
  depositorBank: '请输入银行类型',
  fixedAmount: (values: readonly number[]) => `请输入有效的金额：${values.join(',')}`,
  rangeAmount: (min: number, max: number) => `请输入有效的金额范围：${min}-${max}`,
  noCard: '您还为绑定任何钱包卡片，请前往绑定！',
  submitted: '提交成功，等待后台审核',
  paid: '充值成功',
  failed: '充值失败',
  payWithin: (mmss: string) => `请在${mmss}内完成支付`,
  autoCredit: '成功付款后，将自动到账！',
} as const;

/** Server messages the spec leaves open. */
export const PAYMENT_SERVER_MSG = {
  channelClosed: '该支付方式暂未开放',
  amountFormat: '金额最多保留两位小数',
  protocol: '请选择钱包协议',
  orderNotFound: '订单不存在',
  orderExpired: '订单已过期，请重新下单',
  orderClosed: '订单已关闭',
  orderPaid: '订单已支付',
  signature: '签名验证失败',
  amountMismatch: '支付金额与订单金额不符',
  usernameMismatch: '用户名与当前登录账号不符',
  noReceivingAccount: '暂无可用的收款账户，请联系客服',
  tooManyPending: '您有多笔充值订单正在处理中，请完成或等待审核后再试',
} as const;

export type AmountRule = { type: 'range'; min: number; max: number } | { type: 'fixed'; values: number[] };
/** usdt and bank orders wait for an operator's review; online orders are paid at the gateway's checkout. */
export type ChannelKind = 'usdt' | 'bank' | 'online';

/** The range a channel accepts, as getPayRange answers it (fixed lists: their smallest and largest). */
export function rangeOf(rule: AmountRule): { min: number; max: number } {
  if (rule.type === 'range') return { min: rule.min, max: rule.max };
  if (rule.values.length === 0) return { ...DEPOSIT_DEFAULT_RANGE };
  return { min: Math.min(...rule.values), max: Math.max(...rule.values) };
}

export interface DepositInput {
  kind: ChannelKind;
  rule: AmountRule;
  amount: number | null;
  /** Bank deposits: the depositor's name and bank. */
  depositorName: string;
  depositorBank: string;
}

/**
 * The first deposit rule of spec 5 the input breaks, or null. USDT and bank deposits state their
 * range as 请输入金额在{min}-{max}之间！; the other channels name their fixed amounts or their range.
 */
export function depositError(input: DepositInput): string | null {
  const { rule, amount } = input;
  if (input.kind === 'online') {
    if (rule.type === 'fixed') {
      return amount !== null && rule.values.includes(amount) ? null : PAYMENT_MSG.fixedAmount(rule.values);
    }
    return amount !== null && amount >= rule.min && amount <= rule.max
      ? null
      : PAYMENT_MSG.rangeAmount(rule.min, rule.max);
  }
  const { min, max } = rangeOf(rule);
  if (amount === null || amount < min || amount > max) return PAYMENT_MSG.amountRange(min, max);
  if (input.kind === 'bank') {
    if (input.depositorName.trim() === '') return PAYMENT_MSG.depositorName;
    if (input.depositorBank.trim() === '') return PAYMENT_MSG.depositorBank;
  }
  return null;
}

/** payinfo's message: the channel as the app tells it apart (usdtpay shows the address and protocol). */
export function payChannelTag(code: string): string {
  return code.endsWith('pay') ? code : `${code}pay`;
}

/** Pay types whose order page shows the amount divided by usdt_rate, in 元 (spec 2, /payInfo). */
export const YUAN_PAY_TYPES = ['微信', '支付宝'] as const;

/** What a player pays in 元 for an amount in U, at `usdtRate` U per 元. */
export function yuanOf(amount: number, usdtRate: number): number {
  return Math.round((amount / usdtRate) * 100) / 100;
}

/** The mm:ss left of a deposit's payment window, 00:00 once it has passed. */
export function countdownOf(msLeft: number): string {
  const seconds = Math.max(0, Math.floor(msLeft / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
