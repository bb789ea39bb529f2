/** Wallet rules and messages shared by the player app and the server; no zod here, so the app stays small. */
import { MIN_WITHDRAWAL, PAY_PASSWORD_LENGTH } from './constants';
import { amountToCents } from './money';

/** Messages of spec section 5 (Bind USDT, Bind bank card, Withdraw, Transfer), verbatim. */
export const WALLET_MSG = {
  usdtProtocol: '请选择钱包协议',
  usdtAddress: '请输入USDT地址',
  usdtPayPassword: '请输入支付密码',
  usdtPayPasswordLength: '支付密码长度必须在6到18位之间',
  bankOwner: '请输入姓名',
  bankType: '请选择银行类型',
  bankNumber: '请输入正确的银行卡号',
  bankBranch: '请输入开户行地址',
  bankPayPasswordLength: '请输入正确的支付密码长度',
  withdrawCard: '请选择您要提现到的银行卡',
  withdrawUsdt: '请选择USDT地址',
  withdrawMin: '单笔取款不能低于100$',
  withdrawPassword: '请输入您的支付密码',
  transferAmount: '请输入操作金额！',
  venueToVenue: '场馆内钱包不支持互转',
  unbindConfirm: '确定要解除绑定该卡片吗？',
  unbound: '解绑成功',
  bound: '绑定成功',
  submitted: '提交成功，等待后台审核',
  switched: '操作成功！',
} as const;

/** Server messages the spec leaves open. */
export const WALLET_SERVER_MSG = {
  usdtAddressFormat: '请输入正确的USDT地址',
  cardLimitUsdt: '最多只能绑定5个USDT地址',
  cardLimitBank: '最多只能绑定5张银行卡',
  cardDuplicate: '该卡片已绑定，请勿重复绑定',
  cardNotFound: '卡片不存在或已解绑',
  payPasswordWrong: (left: number) => `支付密码错误，还可尝试${left}次`,
  payPasswordLocked: '支付密码错误次数过多，请30分钟后再试',
  turnoverOutstanding: (amount: string) => `您还需完成打码量${amount}才能取款`,
  overBalance: '金额超过钱包余额',
  overVenueBalance: '金额超过场馆钱包余额',
  amountFormat: '金额最多保留两位小数',
  belowFee: '取款金额不足以支付手续费',
  venueUnknown: '场馆不存在或维护中',
  /** A venue an operator put into maintenance: still listed, no money in or out, no game opened. */
  venueMaintenance: (venue: string) => `${venue}维护中，暂停转账和进入游戏`,
  /** The operator's minimum when it is above spec's 100. */
  withdrawBelowMin: (min: string) => `单笔取款不能低于${min}$`,
  sameWallet: '转出和转入钱包不能相同',
  transferDone: '转账成功',
  transferPending: '转账已提交，等待场馆确认',
  transferFailed: (reason: string) => `转账失败：${reason}`,
  autoTransferOn: '自动免转已开启',
} as const;

export const CENTRAL_WALLET = 'userbalance';
export const CENTRAL_WALLET_NAME = '平台钱包';

export const USDT_PROTOCOLS = ['TRC20', 'ERC20'] as const;
export type UsdtProtocol = (typeof USDT_PROTOCOLS)[number];

/** TRC20: T plus 33 base58 characters; ERC20: 0x plus 40 hex digits. */
export function usdtAddressValid(protocol: string, address: string): boolean {
  if (protocol === 'TRC20') return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address);
  if (protocol === 'ERC20') return /^0x[0-9a-fA-F]{40}$/.test(address);
  return false;
}

type Rule<T> = readonly [fails: (v: T) => boolean, message: string];
function firstFailure<T>(rules: readonly Rule<T>[], value: T): string | null {
  for (const [fails, message] of rules) if (fails(value)) return message;
  return null;
}
const payLengthBad = (p: string) => p.length < PAY_PASSWORD_LENGTH.min || p.length > PAY_PASSWORD_LENGTH.max;

export interface BindUsdtFields {
  protocol: string;
  address: string;
  payPassword: string;
}
/** Spec 5, Bind USDT, in order; then the address must fit its protocol. */
export const bindUsdtError = (v: BindUsdtFields) =>
  firstFailure<BindUsdtFields>(
    [
      [(f) => !USDT_PROTOCOLS.includes(f.protocol as UsdtProtocol), WALLET_MSG.usdtProtocol],
      [(f) => f.address.trim() === '', WALLET_MSG.usdtAddress],
      [(f) => f.payPassword === '', WALLET_MSG.usdtPayPassword],
      [(f) => payLengthBad(f.payPassword), WALLET_MSG.usdtPayPasswordLength],
      [(f) => !usdtAddressValid(f.protocol, f.address.trim()), WALLET_SERVER_MSG.usdtAddressFormat],
    ],
    v,
  );

export interface BindBankFields {
  owner: string;
  bank: string;
  number: string;
  branch: string;
  payPassword: string;
}
/** Spec 5, Bind bank card, in order. A card number is 8 to 19 digits. */
export const bindBankError = (v: BindBankFields) =>
  firstFailure<BindBankFields>(
    [
      [(f) => f.owner.trim() === '', WALLET_MSG.bankOwner],
      [(f) => f.bank.trim() === '', WALLET_MSG.bankType],
      [(f) => !/^\d{8,19}$/.test(f.number), WALLET_MSG.bankNumber],
      [(f) => f.branch.trim() === '', WALLET_MSG.bankBranch],
      [(f) => payLengthBad(f.payPassword), WALLET_MSG.bankPayPasswordLength],
    ],
    v,
  );

export interface WithdrawFields {
  /** 1 USDT tab, 2 bank card tab. */
  tab: 1 | 2;
  cardId: number | null;
  amount: number | null;
  password: string;
}
/** Spec 5, Withdraw, in order (both tabs). */
export const withdrawError = (v: WithdrawFields) =>
  firstFailure<WithdrawFields>(
    [
      [(f) => !f.cardId, v.tab === 1 ? WALLET_MSG.withdrawUsdt : WALLET_MSG.withdrawCard],
      [(f) => f.amount === null || !(f.amount >= MIN_WITHDRAWAL), WALLET_MSG.withdrawMin],
      [(f) => f.password === '', WALLET_MSG.withdrawPassword],
    ],
    v,
  );

export interface TransferFields {
  amount: number | null;
  source: string;
  target: string;
}
/** Spec 5, Transfer: the amount first, then one side must be the platform wallet. */
export const transferError = (v: TransferFields) =>
  firstFailure<TransferFields>(
    [
      [(f) => f.amount === null || !(f.amount > 0), WALLET_MSG.transferAmount],
      [(f) => f.source !== CENTRAL_WALLET && f.target !== CENTRAL_WALLET, WALLET_MSG.venueToVenue],
      [(f) => f.source === f.target, WALLET_SERVER_MSG.sameWallet],
      [(f) => f.amount !== null && amountToCents(f.amount) === null, WALLET_SERVER_MSG.amountFormat],
    ],
    v,
  );

/** Masks a card number or address to its last four characters. */
export const maskCardNumber = (n: string) => (n.length <= 4 ? n : `**** ${n.slice(-4)}`);
