import { SERVER_MSG } from '@app/contract/messages';
import { amountToCents, centsToAmount } from '@app/contract/money';
import {
  type AmountRule,
  depositError,
  PAYMENT_SERVER_MSG,
  payChannelTag,
  rangeOf,
} from '@app/contract/payment-rules';
import type { PayInfo, PayWay, ReceivingAccount } from '@app/contract/payments';
import { ReviewState } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { lockPlayer } from '../../db/locks';
import { AppError, badInput, refused, unauthorized } from '../../lib/errors';
import { orderNo } from '../../lib/order-no';
import { type Authenticated, confirmSession } from '../auth/service';
import { tellOperators } from '../events/service';
import { assertNotRestricted, checkDepositLimits } from '../protection/service';
import {
  depositSetting,
  enabledReceivingAccounts,
  findPayChannel,
  payChannelRows,
  readSetting,
} from '../settings/service';
import { channelOf, orderPageToken, orderPageTokenValid, type PaymentChannel } from './channels';
import { acceptStatement } from './credit';
import * as repo from './repository';

/** Orders a player may have waiting at once: more is either a mistake or someone flooding review. */
const MAX_PENDING_DEPOSITS = 5;

export async function payWays(ctx: AppContext): Promise<PayWay> {
  const channels = await payChannelRows(ctx.db);
  const flags = Object.fromEntries(channels.map((c) => [c.code, c.enabled ? 1 : 0])) as Omit<PayWay, 'list'>;
  const list = channels
    .filter((c) => c.enabled)
    .map((c) => ({ type: c.code, name: c.name, kind: c.kind, rule: c.amountRule }));
  return { ...flags, list };
}

async function enabledChannel(ctx: AppContext, code: string) {
  const channel = await findPayChannel(ctx.db, code);
  if (!channel?.enabled) throw refused(PAYMENT_SERVER_MSG.channelClosed);
  return channel;
}

export async function payRange(ctx: AppContext, code: string) {
  const { min, max } = rangeOf((await enabledChannel(ctx, code)).amountRule as AmountRule);
  return { min_price: min, max_price: max };
}

export async function receivingBankAccounts(ctx: AppContext): Promise<ReceivingAccount[]> {
  const accounts = await enabledReceivingAccounts(ctx.db, 'bank');
  return accounts.map((a) => ({
    id: a.id,
    bank_no: a.number,
    bank_owner: a.owner,
    bank_data: { bank_name: a.bankName },
    bank_address: a.note,
  }));
}

export interface DepositInput {
  channel: string;
  amount: number | null;
  depositorName: string;
  depositorBank: string;
  receivingNo: string;
  protocol: string;
}

/**
 * A deposit order: checked against its channel's rules (spec 5, Deposit), recorded as pending,
 * then opened by its channel (online: a payment at the gateway, outside any transaction). A retry
 * of a request that recorded its order before is answered with that order.
 */
export async function createDeposit(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  input: DepositInput,
  requestKey?: string,
) {
  const earlier = requestKey ? await repo.depositByRequest(ctx.db, userId, requestKey) : undefined;
  if (earlier) return answerOf(ctx, earlier);
  const channel = await enabledChannel(ctx, input.channel);
  const message = depositError({
    kind: channel.kind,
    rule: channel.amountRule as AmountRule,
    amount: input.amount,
    depositorName: input.depositorName,
    depositorBank: input.depositorBank,
  });
  if (message) throw badInput(message);
  const cents = amountToCents(input.amount ?? 0);
  if (cents === null || cents <= 0n) throw badInput(PAYMENT_SERVER_MSG.amountFormat);
  const kind = channelOf(channel);
  const details = await kind.prepare(ctx, { ...input, userId, channel });
  const now = ctx.clock.now();
  let order: repo.Deposit;
  try {
    order = await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      await confirmSession(ctx, tx, sessionId);
      await assertNotRestricted(ctx, userId, 'deposit', tx);
      if ((await repo.countPendingDeposits(tx, userId)) >= MAX_PENDING_DEPOSITS) {
        throw refused(PAYMENT_SERVER_MSG.tooManyPending);
      }
      await checkDepositLimits(tx, userId, cents, now);
      return repo.insertDeposit(tx, {
        ...details,
        orderNo: orderNo('DP', now),
        userId,
        channel: channel.code,
        amount: cents,
        state: ReviewState.pending,
        createdAt: now,
        requestKey: requestKey ?? null,
      });
    });
  } catch (error) {
    // The same request, run again concurrently, recorded its order first.
    const first = requestKey ? await repo.depositByRequest(ctx.db, userId, requestKey) : undefined;
    if (!first) throw error;
    return answerOf(ctx, first);
  }
  await tellOperators(ctx, {
    type: 'order',
    area: 'deposit',
    order_no: order.orderNo,
    amount: centsToAmount(order.amount).toFixed(2),
  });
  return rechargeAnswer(ctx, kind, order, await kind.open(ctx, order));
}

function rechargeAnswer(ctx: AppContext, kind: PaymentChannel, order: repo.Deposit, url: string) {
  return {
    message: kind.message(order),
    data: { deposit_no: order.orderNo, url, order_token: orderPageToken(ctx, order.orderNo) },
  };
}

/** The recharge answer of an order recorded before: its checkout (opened now if it never was). */
async function answerOf(ctx: AppContext, order: repo.Deposit) {
  const channel = await findPayChannel(ctx.db, order.channel);
  if (!channel) throw new Error(`deposit ${order.orderNo} names an unknown channel`);
  const kind = channelOf(channel);
  const opened = order.gatewayTradeNo !== null || order.state !== ReviewState.pending;
  return rechargeAnswer(ctx, kind, order, opened ? order.checkoutUrl : await kind.open(ctx, order));
}

async function ownDeposit(ctx: AppContext, userId: number, depositNo: string) {
  const order = await repo.findOwnDeposit(ctx.db, userId, depositNo);
  if (!order) throw new AppError(404, PAYMENT_SERVER_MSG.orderNotFound);
  return order;
}

/** Who asks for an order's page: the logged-in player, if any, and the token of the link, if any. */
export interface OrderPageViewer {
  userId: number | null;
  orderToken: string;
}

/**
 * The order an order page may show: any order to the holder of its link's token; otherwise only the
 * player's own. Another player's order, or a wrong token, is not found (nothing says it exists); a
 * visitor with neither a session nor a token is asked to log in.
 */
async function viewableDeposit(ctx: AppContext, viewer: OrderPageViewer, depositNo: string) {
  if (viewer.orderToken !== '' && orderPageTokenValid(ctx, depositNo, viewer.orderToken)) {
    const order = await repo.findDeposit(ctx.db, depositNo);
    if (order) return order;
  }
  if (viewer.userId !== null) return ownDeposit(ctx, viewer.userId, depositNo);
  if (viewer.orderToken !== '') throw new AppError(404, PAYMENT_SERVER_MSG.orderNotFound);
  throw unauthorized(SERVER_MSG.notLoggedIn);
}

/** The order page (payinfo), for its owner or its link's holder. message is the channel tag. */
export async function payInfo(ctx: AppContext, viewer: OrderPageViewer, depositNo: string) {
  const order = await viewableDeposit(ctx, viewer, depositNo);
  const channel = await findPayChannel(ctx.db, order.channel);
  if (!channel) throw new Error(`deposit ${order.orderNo} names an unknown channel`);
  const { usdt_rate } = await readSetting(ctx.db, depositSetting);
  const data: PayInfo = {
    deposit_no: order.orderNo,
    info: {
      created_at: toBeijingString(order.createdAt),
      paytype: channel.name,
      amount: centsToAmount(order.amount),
      usdt_rate,
    },
    cardlist: await channelOf(channel).payDetails(ctx, order),
  };
  return { message: payChannelTag(channel.code), data };
}

/**
 * Whether the player's order has been paid (queryOrderNo). An online order the gateway's
 * notification has not reached yet is asked about at the gateway, whose signed statement then
 * credits it (paid) or closes it (cancelled) exactly as the notification would have.
 */
export async function orderPaid(ctx: AppContext, userId: number, depositNo: string): Promise<boolean> {
  const order = await ownDeposit(ctx, userId, depositNo);
  if (order.state !== ReviewState.pending || !order.gatewayTradeNo)
    return order.state === ReviewState.approved;
  const statement = await ctx.gateway.queryPayment(order.orderNo);
  if (!statement) return false;
  const outcome = await acceptStatement(ctx, statement).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  return outcome === 'paid';
}

/** The QR image of an order, as SVG. */
export async function qrSvg(ctx: AppContext, depositNo: string): Promise<string | null> {
  const order = await repo.findDeposit(ctx.db, depositNo);
  const channel = order && (await findPayChannel(ctx.db, order.channel));
  if (!order || !channel) return null;
  const qrcode = await import('qrcode');
  return qrcode.toString(await channelOf(channel).qrContent(ctx, order), {
    type: 'svg',
    margin: 2,
    width: 220,
  });
}

// The public surface other modules use.
