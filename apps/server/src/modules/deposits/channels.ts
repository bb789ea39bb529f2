import { DEPOSIT_WINDOW_MS } from '@app/contract/constants';
import { PAYMENT_MSG, PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { USDT_PROTOCOLS } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { AppError, badInput, refused } from '../../lib/errors';
import { acceptedKeys } from '../../lib/keyring';
import { urlToken, urlTokenValid } from '../../payments/signature';
import { enabledReceivingAccounts, findReceivingAccount, type PayChannelRow } from '../settings/service';
import * as repo from './repository';

export interface DepositRequest {
  userId: number;
  channel: PayChannelRow;
  /** Bank deposits: the depositor, and the receiving account chosen (by number; empty: the first). */
  depositorName: string;
  depositorBank: string;
  receivingNo: string;
  /** USDT deposits: TRC20 or ERC20 (empty: TRC20). */
  protocol: string;
}

export interface PayDetail {
  /** The receiving address or account. */
  mch_id: string;
  /** The protocol (USDT) or the bank. */
  content: string;
  /** The QR image's path, from the server's base address. */
  payimg: string;
}

/**
 * One kind of deposit channel (DESIGN section 6): what an order of it records, what happens once
 * it is recorded, and what its order page shows.
 */
export interface PaymentChannel {
  /** The order's channel-specific fields; refuses what the channel cannot take. */
  prepare(ctx: AppContext, request: DepositRequest): Promise<Partial<repo.NewDeposit>>;
  /** After the order is recorded, outside any transaction: where the payer goes next ('' for nowhere). */
  open(ctx: AppContext, order: repo.Deposit): Promise<string>;
  /** The order page's receiving details (payinfo's cardlist). */
  payDetails(ctx: AppContext, order: repo.Deposit): Promise<PayDetail[]>;
  /** What the QR image of the order encodes. */
  qrContent(ctx: AppContext, order: repo.Deposit): Promise<string>;
  /** The recharge call's message. */
  message(order: repo.Deposit): string;
}

/** The keys a QR or order page link may carry (links made before a rotation stay valid in its grace). */
const payLinkKeys = (ctx: AppContext) => acceptedKeys(ctx.config.secrets.payLink, ctx.clock.now());

export const qrPath = (ctx: AppContext, orderNo: string) =>
  `/pay/qr/${orderNo}.svg?t=${urlToken('qr', orderNo, ctx.config.secrets.payLink.current)}`;

export const qrTokenValid = (ctx: AppContext, orderNo: string, token: string) =>
  urlTokenValid('qr', orderNo, token, payLinkKeys(ctx));

/** The token of an order's page link (/payInfo?deposit_no=&order_token=): it shows the order without a login. */
export const orderPageToken = (ctx: AppContext, orderNo: string) =>
  urlToken('payinfo', orderNo, ctx.config.secrets.payLink.current);

export const orderPageTokenValid = (ctx: AppContext, orderNo: string, token: string) =>
  urlTokenValid('payinfo', orderNo, token, payLinkKeys(ctx));

async function receivingAccountOf(ctx: AppContext, order: repo.Deposit) {
  const account = order.receivingAccountId
    ? await findReceivingAccount(ctx.db, order.receivingAccountId)
    : undefined;
  if (!account) throw new Error(`deposit ${order.orderNo} has no receiving account`);
  return account;
}

/** USDT: pay to the platform's address for the protocol; an operator confirms the transfer arrived. */
const usdt: PaymentChannel = {
  async prepare(ctx, request) {
    const protocol = request.protocol === '' ? 'TRC20' : request.protocol.toUpperCase();
    if (!(USDT_PROTOCOLS as readonly string[]).includes(protocol))
      throw badInput(PAYMENT_SERVER_MSG.protocol);
    const accounts = await enabledReceivingAccounts(ctx.db, 'usdt');
    const account = accounts.find((a) => a.owner === protocol);
    if (!account) throw refused(PAYMENT_SERVER_MSG.noReceivingAccount);
    return { protocol, receivingAccountId: account.id };
  },
  open: async () => '',
  async payDetails(ctx, order) {
    const account = await receivingAccountOf(ctx, order);
    return [{ mch_id: account.number, content: order.protocol, payimg: qrPath(ctx, order.orderNo) }];
  },
  qrContent: async (ctx, order) => (await receivingAccountOf(ctx, order)).number,
  message: (order) => order.orderNo,
};

/** Bank transfer: the depositor pays into a platform account; an operator reviews it. */
const bank: PaymentChannel = {
  async prepare(ctx, request) {
    const accounts = await enabledReceivingAccounts(ctx.db, 'bank');
    const account =
      request.receivingNo === '' ? accounts[0] : accounts.find((a) => a.number === request.receivingNo);
    if (!account) throw refused(PAYMENT_SERVER_MSG.noReceivingAccount);
    return {
      depositorName: request.depositorName,
      depositorBank: request.depositorBank,
      receivingAccountId: account.id,
    };
  },
  open: async () => '',
  async payDetails(ctx, order) {
    const account = await receivingAccountOf(ctx, order);
    return [{ mch_id: account.number, content: account.bankName, payimg: qrPath(ctx, order.orderNo) }];
  },
  qrContent: async (ctx, order) => {
    const account = await receivingAccountOf(ctx, order);
    return `${account.bankName} ${account.owner} ${account.number}`;
  },
  message: () => PAYMENT_MSG.submitted,
};

/** Online: the payer pays at the gateway's checkout within the payment window; the gateway tells us. */
const online: PaymentChannel = {
  prepare: async (ctx) => ({ expiresAt: new Date(ctx.clock.now().getTime() + DEPOSIT_WINDOW_MS) }),
  async open(ctx, order) {
    if (!order.expiresAt) throw new Error(`online deposit ${order.orderNo} without a payment window`);
    try {
      const payment = await ctx.gateway.createPayment({
        merchantOrderNo: order.orderNo,
        amount: order.amount,
        channel: order.channel,
        notifyUrl: `${ctx.config.publicUrl}/pay/api/notify`,
        returnUrl: '/#/recharge',
        expiresAt: order.expiresAt,
      });
      await repo.recordCheckout(ctx.db, order.id, payment.tradeNo, payment.checkoutUrl);
      return payment.checkoutUrl;
    } catch (error) {
      await repo.closePendingDeposit(ctx.db, order.orderNo, '支付网关下单失败', ctx.clock.now());
      throw new AppError(502, '支付通道繁忙，请稍后再试', { cause: error });
    }
  },
  async payDetails(ctx, order) {
    return [{ mch_id: order.gatewayTradeNo ?? '', content: '', payimg: qrPath(ctx, order.orderNo) }];
  },
  qrContent: async (ctx, order) => `${ctx.config.publicUrl}${order.checkoutUrl}`,
  message: (order) => order.orderNo,
};

const CHANNELS: Record<PayChannelRow['kind'], PaymentChannel> = { usdt, bank, online };

export const channelOf = (row: PayChannelRow): PaymentChannel => CHANNELS[row.kind];
