import { PAYMENT_MSG, PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../src/db/schema/payments';
import { payChannels } from '../src/db/schema/reference';
import { users } from '../src/db/schema/users';
import { CANCELLED_NOTE } from '../src/modules/deposits/credit';
import { expireUnpaidDeposits } from '../src/modules/deposits/review';
import { turnoverRequired } from '../src/modules/turnover/service';
import type { PaymentStatement } from '../src/payments/gateway';
import { signFields } from '../src/payments/signature';
import {
  body,
  createTestApp,
  fundedPlayer,
  operatorKey,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

/** An operator's API key, made in each suite's beforeAll. */
let operator = '';
const SECRET = 'deposit-tests-sandbox-secret-0123456789';
const TRC_ADDRESS = 'TXyNc8mWq5vR3hJkLp2sD9fGzBa7EuYt4K';
const ERC_ADDRESS = '0x7a3f5c9e1b2d4068a9c1e5f3b7d2a4c6e8f0b1d3';

/** A clock the tests move forward. */
function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => (offset += ms) };
}

describe.each(targets)('deposits on %s', (target) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(target, {
      demo: true,
      clock,
      env: { PAYMENT_CALLBACK_SECRET: SECRET },
    });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const admin = (path: string, payload: object) => post(t.app, `/admin/api/${path}`, payload, operator);
  const recharge = (token: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/recharge',
      payload,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  const depositRows = (userId: number) => t.ctx.db.select().from(deposits).where(eq(deposits.userId, userId));
  const queryOrder = (token: string, orderNo: string) =>
    t.app.inject({
      method: 'GET',
      url: `/pay/api/queryOrderNo?orderNo=${orderNo}`,
      headers: { authorization: `Bearer ${token}` },
    });

  /** Opens an online order through the gateway call and answers its number and checkout path. */
  async function onlineOrder(token: string, username: string, payAmount = 200, payType = 'wechat') {
    const res = await post(t.app, '/pay/api/recharge', { payAmount, username, payType }, token);
    const env = res.json() as {
      code: number;
      data: { orderNo: string; url: string };
      msg: string;
      message: string;
    };
    expect(env.code).toBe(200);
    expect(env.msg).toBe(env.data.orderNo);
    return env.data;
  }
  const pay = (checkout: string) => t.app.inject({ method: 'POST', url: checkout.replace('?', '/pay?') });

  describe('channels', () => {
    it('answers a flag per channel and the enabled channels in order, usdt first', async () => {
      const data = body(await t.app.inject({ method: 'GET', url: '/api/get_pay_way' })).data as {
        list: { type: string; kind: string; rule: unknown }[];
      } & Record<string, unknown>;
      expect(data).toMatchObject({ usdt: 1, card: 1, wechat: 1, pipay: 1, dcep: 1, qqpay: 1, unionpay: 1 });
      expect(data.list.map((c) => c.type)).toEqual([
        'usdt',
        'card',
        'wechat',
        'pipay',
        'dcep',
        'qqpay',
        'unionpay',
      ]);
      expect(data.list[3]).toMatchObject({
        kind: 'online',
        rule: { type: 'fixed', values: [100, 200, 300, 500, 800, 1000, 2000, 3000] },
      });
    });

    it('leaves a disabled channel out, flags it 0 and refuses orders on it', async () => {
      const p = await fundedPlayer(t, 0n);
      await t.ctx.db.update(payChannels).set({ enabled: false }).where(eq(payChannels.code, 'dcep'));
      try {
        const data = body(await t.app.inject({ method: 'GET', url: '/api/get_pay_way' })).data as {
          dcep: number;
          list: { type: string }[];
        };
        expect(data.dcep).toBe(0);
        expect(data.list.map((c) => c.type)).not.toContain('dcep');
        const res = await recharge(p.token, { paytype: 'dcep', amount: 500 });
        expect(body(res)).toEqual({ code: 422, message: PAYMENT_SERVER_MSG.channelClosed });
      } finally {
        await t.ctx.db.update(payChannels).set({ enabled: true }).where(eq(payChannels.code, 'dcep'));
      }
    });

    it('answers each channel range: min_price and max_price', async () => {
      const range = async (type: string) => body(await post(t.app, '/api/getPayRange', { type })).data;
      expect(await range('usdt')).toEqual({ min_price: 100, max_price: 10000 });
      expect(await range('wechat')).toEqual({ min_price: 200, max_price: 2000 });
      expect(await range('pipay')).toEqual({ min_price: 100, max_price: 3000 });
      expect(await range('unionpay')).toEqual({ min_price: 30, max_price: 50 });
      expect(body(await post(t.app, '/api/getPayRange', { type: 'nope' })).code).toBe(422);
    });

    it('shows the platform receiving accounts to players only', async () => {
      expect((await post(t.app, '/api/getpaybank')).statusCode).toBe(401);
      const p = await fundedPlayer(t, 0n);
      const list = body(await post(t.app, '/api/getpaybank', {}, p.token)).data as {
        bank_data: { bank_name: string };
      }[];
      expect(list.map((a) => a.bank_data.bank_name)).toEqual(['中国工商银行', '招商银行']);
      expect(list[0]).toMatchObject({ bank_owner: '星云网络科技有限公司', bank_no: '6222021001123456789' });
    });
  });

  describe('amount rules (spec 5, Deposit)', () => {
    const cases: [string, object, string][] = [
      ['usdt below the range', { paytype: 'usdt', amount: 99 }, PAYMENT_MSG.amountRange(100, 10000)],
      ['usdt above the range', { paytype: 'usdt', amount: 10001 }, PAYMENT_MSG.amountRange(100, 10000)],
      ['usdt without an amount', { paytype: 'usdt', amount: '' }, PAYMENT_MSG.amountRange(100, 10000)],
      [
        'bank without the depositor',
        { paytype: 'card', amount: 500, bank: '招商银行' },
        PAYMENT_MSG.depositorName,
      ],
      [
        'bank without the bank',
        { paytype: 'card', amount: 500, bank_owner: '李四' },
        PAYMENT_MSG.depositorBank,
      ],
      [
        'alipay off its fixed list',
        { paytype: 'pipay', amount: 150 },
        PAYMENT_MSG.fixedAmount([100, 200, 300, 500, 800, 1000, 2000, 3000]),
      ],
      ['wechat below its range', { paytype: 'wechat', amount: 199 }, PAYMENT_MSG.rangeAmount(200, 2000)],
      ['qq above its range', { paytype: 'qqpay', amount: 201 }, PAYMENT_MSG.rangeAmount(100, 200)],
      ['union scan off its list', { paytype: 'unionpay', amount: 40 }, PAYMENT_MSG.fixedAmount([30, 50])],
      ['more than two decimals', { paytype: 'usdt', amount: 100.125 }, PAYMENT_SERVER_MSG.amountFormat],
      [
        'an unknown protocol',
        { paytype: 'usdt', amount: 100, catepay: 'BEP20' },
        PAYMENT_SERVER_MSG.protocol,
      ],
    ];
    it.each(cases)('refuses %s with its message and records nothing', async (_name, payload, message) => {
      const p = await fundedPlayer(t, 0n);
      const res = await recharge(p.token, payload);
      expect(body(res).message).toBe(message);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(await depositRows(p.userId)).toEqual([]);
    });

    it('needs a login', async () => {
      expect((await post(t.app, '/api/recharge', { paytype: 'usdt', amount: 100 })).statusCode).toBe(401);
    });
  });

  describe('USDT', () => {
    it('opens an order to the address of the chosen protocol, shown on the order page with its QR code', async () => {
      const p = await fundedPlayer(t, 0n);
      const res = await recharge(p.token, { paytype: 'usdt', amount: 300, catepay: 'ERC20' });
      const env = body(res) as { message: string; data: { deposit_no: string; url: string } };
      expect(env.message).toBe(env.data.deposit_no);
      expect(env.data.url).toBe('');

      const info = body(await post(t.app, '/api/payinfo', { deposit_no: env.data.deposit_no }, p.token)) as {
        message: string;
        data: {
          info: Record<string, unknown>;
          cardlist: { mch_id: string; content: string; payimg: string }[];
        };
      };
      expect(info.message).toBe('usdtpay');
      expect(info.data.info).toMatchObject({ paytype: 'USDT', amount: 300, usdt_rate: 0.1389 });
      expect(info.data.info.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const [card] = info.data.cardlist;
      expect(card).toMatchObject({ mch_id: ERC_ADDRESS, content: 'ERC20' });

      const qr = await t.app.inject({ method: 'GET', url: card?.payimg ?? '' });
      expect(qr.statusCode).toBe(200);
      expect(qr.headers['content-type']).toBe('image/svg+xml');
      expect(qr.body).toContain('<svg');
      const forged = (card?.payimg ?? '').replace(/t=.*/, 't=AAAAAAAAAAAAAAAAAAAAAA');
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    });

    it('defaults to TRC20 and credits once the operator approves', async () => {
      const p = await fundedPlayer(t, 0n);
      const env = body(await recharge(p.token, { paytype: 'usdt', amount: 100 })) as {
        data: { deposit_no: string };
      };
      const info = body(await post(t.app, '/api/payinfo', { deposit_no: env.data.deposit_no }, p.token))
        .data as {
        cardlist: { mch_id: string; content: string }[];
      };
      expect(info.cardlist[0]).toMatchObject({ mch_id: TRC_ADDRESS, content: 'TRC20' });
      expect(body(await admin('deposits/approve', { order_no: env.data.deposit_no })).code).toBe(200);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(10_000n);
    });
  });

  describe('bank transfer and review', () => {
    it('waits for review, then approval credits once with a 1x turnover requirement and the deposit total', async () => {
      const p = await fundedPlayer(t, 0n);
      const res = await recharge(p.token, {
        paytype: 'card',
        amount: 500,
        bank_owner: '李四',
        bank: '招商银行',
      });
      const env = body(res) as { message: string; data: { deposit_no: string } };
      expect(env.message).toBe(PAYMENT_MSG.submitted);
      const [row] = await depositRows(p.userId);
      expect(row).toMatchObject({
        state: 1,
        amount: 50_000n,
        depositorName: '李四',
        depositorBank: '招商银行',
      });
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);

      const pending = body(
        await t.app.inject({
          method: 'GET',
          url: '/admin/api/deposits?state=1',
          headers: { authorization: `Bearer ${operator}` },
        }),
      ).data as { order_no: string; username: string }[];
      expect(pending.map((d) => d.order_no)).toContain(env.data.deposit_no);
      expect(pending.find((d) => d.order_no === env.data.deposit_no)?.username).toBe(p.name);

      const first = await admin('deposits/approve', { order_no: env.data.deposit_no });
      expect(body(first).message).toContain('已入账');
      const again = await admin('deposits/approve', { order_no: env.data.deposit_no });
      expect(body(again).message).toContain('未重复入账');
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(50_000n);
      expect(await turnoverRequired(t.ctx.db, p.userId)).toBe(50_000n);
      const user = body(await post(t.app, '/api/user', {}, p.token)).data as { paysum: number };
      expect(user.paysum).toBe(500);
      expect(body(await admin('deposits/reject', { order_no: env.data.deposit_no })).code).toBe(422);
    });

    it('rejection closes the order and moves nothing; approving it afterwards is refused', async () => {
      const p = await fundedPlayer(t, 0n);
      const env = body(
        await recharge(p.token, { paytype: 'card', amount: 200, bank_owner: '李四', bank: '中国银行' }),
      ) as {
        data: { deposit_no: string };
      };
      expect(
        body(await admin('deposits/reject', { order_no: env.data.deposit_no, note: '未收到款项' })).code,
      ).toBe(200);
      expect(body(await admin('deposits/approve', { order_no: env.data.deposit_no })).message).toBe(
        PAYMENT_SERVER_MSG.orderClosed,
      );
      const [row] = await depositRows(p.userId);
      expect(row).toMatchObject({ state: 3, note: '未收到款项' });
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
    });

    it('the same Idempotency-Key sent 20 times at once opens one order and replays its answer', async () => {
      const p = await fundedPlayer(t, 0n);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          recharge(
            p.token,
            { paytype: 'card', amount: 300, bank_owner: '李四', bank: '中国银行' },
            { 'idempotency-key': 'dep-key-000000001' },
          ),
        ),
      );
      const bodies = new Set(answers.map((a) => a.body));
      expect(bodies.size).toBe(1);
      expect(await depositRows(p.userId)).toHaveLength(1);
    });

    it('allows at most five orders waiting at once', async () => {
      const p = await fundedPlayer(t, 0n);
      for (let i = 0; i < 5; i++) {
        expect(body(await recharge(p.token, { paytype: 'usdt', amount: 100 })).code).toBe(200);
      }
      expect(body(await recharge(p.token, { paytype: 'usdt', amount: 100 })).code).toBe(422);
    });
  });

  describe('online channels through the sandbox gateway', () => {
    it('opens a checkout, and a payment there is credited once, found by the order query', async () => {
      const p = await fundedPlayer(t, 0n);
      const order = await onlineOrder(p.token, p.name, 200);
      expect(order.url).toMatch(/^\/pay\/checkout\/SB\d+\?t=/);
      const page = await t.app.inject({ method: 'GET', url: order.url });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('确认支付');
      expect(page.body).toContain(order.orderNo);
      expect(body(await queryOrder(p.token, order.orderNo)).data).toBe(false);

      const paid = await pay(order.url);
      expect(paid.statusCode).toBe(303);
      expect((await t.app.inject({ method: 'GET', url: order.url })).body).toContain('支付成功');
      // Nothing listens for the notification in this app: the order query asks the gateway instead.
      expect(body(await queryOrder(p.token, order.orderNo)).data).toBe(true);
      expect(body(await queryOrder(p.token, order.orderNo)).data).toBe(true);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(20_000n);
      expect(await turnoverRequired(t.ctx.db, p.userId)).toBe(20_000n);
    });

    it('refuses a forged signature and a wrong amount; a replayed notification credits once', async () => {
      const p = await fundedPlayer(t, 0n);
      const order = await onlineOrder(p.token, p.name, 500);
      await pay(order.url);
      const statement = (await t.ctx.gateway.queryPayment(order.orderNo)) as PaymentStatement;
      const notify = (payload: object) => post(t.app, '/pay/api/notify', payload);

      const forged = await notify({ ...statement, sign: 'f'.repeat(64) });
      expect(body(forged)).toEqual({ code: 400, message: PAYMENT_SERVER_MSG.signature });
      const tampered = await notify({ ...statement, amount: '5000.00' });
      expect(body(tampered).message).toBe(PAYMENT_SERVER_MSG.signature);
      const { sign: _, ...fields } = { ...statement, amount: '5000.00' };
      const wrongAmount = await notify({ ...fields, sign: signFields(fields, SECRET) });
      expect(body(wrongAmount)).toEqual({ code: 422, message: PAYMENT_SERVER_MSG.amountMismatch });
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);

      const replies = await Promise.all(Array.from({ length: 20 }, () => notify(statement)));
      expect(replies.map((r) => body(r).code)).toEqual(Array(20).fill(200));
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(50_000n);
      expect(await turnoverRequired(t.ctx.db, p.userId)).toBe(50_000n);
    });

    it('an order past its hour cannot be paid and the expiry job closes it', async () => {
      const p = await fundedPlayer(t, 0n);
      const order = await onlineOrder(p.token, p.name, 100, 'pipay');
      const { sign: _, ...early } = { ...((await notifyFieldsFor(order.orderNo)) as PaymentStatement) };
      clock.advance(61 * 60_000);
      try {
        await pay(order.url);
        expect((await t.app.inject({ method: 'GET', url: order.url })).body).toContain('订单已过期');
        expect(body(await queryOrder(p.token, order.orderNo)).data).toBe(false);
        // A statement claiming a payment after the window is refused, however well signed.
        const late = { ...early, paid_at: clock.now().toISOString() };
        const res = await post(t.app, '/pay/api/notify', { ...late, sign: signFields(late, SECRET) });
        expect(body(res).message).toBe(PAYMENT_SERVER_MSG.orderExpired);
        clock.advance(10 * 60_000);
        expect((await expireUnpaidDeposits(t.ctx)).expired).toBeGreaterThanOrEqual(1);
        const [row] = await depositRows(p.userId);
        expect(row?.state).toBe(3);
        const records = body(await post(t.app, '/api/gettransrecord', { type: 1 }, p.token)).data as {
          data: { state: number; pay_kind: string }[];
        };
        expect(records.data).toMatchObject([{ state: 3, pay_kind: 'online' }]);
        expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
      } finally {
        clock.advance(-71 * 60_000);
      }
    });

    it('a cancelled checkout is never credited', async () => {
      const p = await fundedPlayer(t, 0n);
      const order = await onlineOrder(p.token, p.name, 50, 'unionpay');
      await t.app.inject({ method: 'POST', url: order.url.replace('?', '/cancel?') });
      expect((await t.app.inject({ method: 'GET', url: order.url })).body).toContain('支付已取消');
      await pay(order.url);
      expect(body(await queryOrder(p.token, order.orderNo)).data).toBe(false);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
    });

    it('a checkout cancelled at the gateway closes the order at once: it failed, nobody is to review it', async () => {
      const p = await fundedPlayer(t, 0n);
      const order = await onlineOrder(p.token, p.name, 100, 'pipay');
      await t.app.inject({ method: 'POST', url: order.url.replace('?', '/cancel?') });
      // No listener for the gateway's notification here: the order query asks the gateway instead.
      expect(body(await queryOrder(p.token, order.orderNo)).data).toBe(false);
      const [row] = await depositRows(p.userId);
      expect(row).toMatchObject({ state: 3, note: CANCELLED_NOTE });

      const records = body(await post(t.app, '/api/gettransrecord', { type: 1 }, p.token)).data as {
        data: { out_trade_no: string; state: number; pay_kind: string }[];
      };
      expect(records.data).toMatchObject([{ out_trade_no: order.orderNo, state: 3, pay_kind: 'online' }]);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
    });

    it('the gateway’s signed cancellation closes a pending order; a forged one changes nothing', async () => {
      const p = await fundedPlayer(t, 0n);
      const order = await onlineOrder(p.token, p.name, 200, 'wechat');
      const [pending] = await depositRows(p.userId);
      const fields = {
        trade_no: pending?.gatewayTradeNo ?? '',
        merchant_order_no: order.orderNo,
        amount: '200.00',
        status: 'cancelled',
      };
      const forged = await post(t.app, '/pay/api/notify', { ...fields, sign: 'f'.repeat(64) });
      expect(body(forged)).toEqual({ code: 400, message: PAYMENT_SERVER_MSG.signature });
      expect((await depositRows(p.userId))[0]?.state).toBe(1);

      const signed = await post(t.app, '/pay/api/notify', { ...fields, sign: signFields(fields, SECRET) });
      expect(body(signed).code).toBe(200);
      expect((await depositRows(p.userId))[0]).toMatchObject({ state: 3, note: CANCELLED_NOTE });
      // Paying afterwards is impossible at the gateway, and a paid statement could not credit it.
      expect(body(await admin('deposits/approve', { order_no: order.orderNo })).message).toBe(
        PAYMENT_SERVER_MSG.orderClosed,
      );
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
    });

    it('refuses an order for another username', async () => {
      const p = await fundedPlayer(t, 0n);
      const res = await post(
        t.app,
        '/pay/api/recharge',
        { payAmount: 200, username: 'someoneelse', payType: 'wechat' },
        p.token,
      );
      expect(body(res)).toEqual({ code: 403, message: PAYMENT_SERVER_MSG.usernameMismatch });
    });

    /** The fields a statement for this order would carry, before it is paid (for forging late ones). */
    async function notifyFieldsFor(orderNo: string) {
      const [row] = await t.ctx.db.select().from(deposits).where(eq(deposits.orderNo, orderNo));
      return {
        trade_no: row?.gatewayTradeNo ?? '',
        merchant_order_no: orderNo,
        amount: '100.00',
        status: 'paid',
        paid_at: new Date().toISOString(),
        sign: '',
      };
    }
  });

  describe('authorisation', () => {
    it('one player can neither read nor query another player’s order', async () => {
      const owner = await fundedPlayer(t, 0n);
      const other = await fundedPlayer(t, 0n);
      const env = body(await recharge(owner.token, { paytype: 'usdt', amount: 100 })) as {
        data: { deposit_no: string };
      };
      const info = await post(t.app, '/api/payinfo', { deposit_no: env.data.deposit_no }, other.token);
      expect(body(info)).toEqual({ code: 404, message: PAYMENT_SERVER_MSG.orderNotFound });
      expect(body(await queryOrder(other.token, env.data.deposit_no)).code).toBe(404);
    });

    it('the order page opens without a login for the holder of its link’s token, and for no one else', async () => {
      const owner = await fundedPlayer(t, 0n);
      const other = await fundedPlayer(t, 0n);
      const env = body(await recharge(owner.token, { paytype: 'usdt', amount: 120 })) as {
        data: { deposit_no: string; order_token: string };
      };
      const { deposit_no, order_token } = env.data;
      expect(order_token).toMatch(/^[\w-]{22}$/);
      const page = (payload: object, token?: string) => post(t.app, '/api/payinfo', payload, token);

      const mine = body(await page({ deposit_no }, owner.token));
      expect(mine.code).toBe(200);
      // A visitor with the link sees exactly what the owner sees.
      expect(body(await page({ deposit_no, order_token }))).toEqual(mine);
      expect(body(await page({ deposit_no, order_token }, other.token))).toEqual(mine);

      // Without the token: the owner only; a visitor is asked to log in.
      expect(body(await page({ deposit_no }))).toEqual({ code: 401, message: '请先登录' });
      expect(body(await page({ deposit_no }, other.token)).code).toBe(404);
      // A wrong token, or one of another order, shows nothing and says nothing exists.
      const forged = `${order_token.slice(0, -1)}${order_token.endsWith('A') ? 'B' : 'A'}`;
      expect(body(await page({ deposit_no, order_token: forged }))).toEqual({
        code: 404,
        message: PAYMENT_SERVER_MSG.orderNotFound,
      });
      const second = body(await recharge(owner.token, { paytype: 'usdt', amount: 130 })) as {
        data: { deposit_no: string };
      };
      expect(body(await page({ deposit_no: second.data.deposit_no, order_token })).code).toBe(404);
      expect(body(await page({ deposit_no: 'DP0', order_token: 'x'.repeat(65) })).code).toBe(400);
    });
  });
});

describe('gateway notifications over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { demo: true, listen: true });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  /** Opens an online order for a new player and pays or cancels it at the sandbox's checkout. */
  async function atCheckout(payAmount: number, payType: string, action: 'pay' | 'cancel') {
    const p = await fundedPlayer(t, 0n);
    const res = await post(t.app, '/pay/api/recharge', { payAmount, username: p.name, payType }, p.token);
    const { url, orderNo } = body(res).data as { url: string; orderNo: string };
    await t.app.inject({ method: 'POST', url: url.replace('?', `/${action}?`) });
    const [row] = await t.ctx.db.select().from(deposits).where(eq(deposits.orderNo, orderNo));
    return { p, row };
  }

  it('the sandbox notifies the server, which credits the order without being asked', async () => {
    const { p, row } = await atCheckout(300, 'dcep', 'pay');
    expect(row?.state).toBe(2);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(30_000n);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, p.userId));
    expect(user?.depositTotal).toBe(30_000n);
    expect(await violations(t.ctx)).toEqual([]);
  });

  it('the sandbox tells the server of a cancelled checkout, which closes the order without being asked', async () => {
    const { p, row } = await atCheckout(200, 'qqpay', 'cancel');
    expect(row).toMatchObject({ state: 3, note: CANCELLED_NOTE });
    expect(await t.ctx.gateway.redeliver()).toEqual({ delivered: 0, pending: 0 });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
  });
});
