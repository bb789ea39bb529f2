import { PROTECTION_MSG, type ProtectionState } from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../src/db/schema/payments';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  fundedPlayer,
  logInRequest,
  operatorKey,
  playRound,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const bankOrder = (amount: number) => ({ paytype: 'card', amount, bank_owner: '李四', bank: '中国银行' });

describe.each(targets)('player protection on %s', (target) => {
  let t: TestApp;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const advance = (ms: number) => {
    offset += ms;
  };
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true, clock });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const state = async (token: string) =>
    body(await post(t.app, '/api/protection/state', {}, token)).data as ProtectionState;
  const limitOf = (s: ProtectionState, kind: string, period: string) =>
    s.limits.find((l) => l.kind === kind && l.period === period);
  const setLimit = (token: string, kind: string, period: string, amount: number | null) =>
    post(t.app, '/api/protection/limit', { kind, period, amount }, token);
  const confirm = (token: string, kind: string, period: string) =>
    post(t.app, '/api/protection/limit/confirm', { kind, period }, token);
  const restrict = (token: string, kind: string, term: string, paypassword = 'paypass123') =>
    post(t.app, '/api/protection/restrict', { kind, term, paypassword }, token);
  /** A new session of the player (restricting one ends every session it had). */
  const logIn = async (name: string) =>
    (body(await logInRequest(t.app, name)).data as { api_token: string }).api_token;

  it('a deposit limit binds at once; an order over what remains is refused with the amount and the time it frees', async () => {
    const p = await fundedPlayer(t, 0n);
    expect(body(await setLimit(p.token, 'deposit', 'day', 500))).toEqual({
      code: 200,
      message: PROTECTION_MSG.limitSet,
    });
    const first = await post(t.app, '/api/recharge', bankOrder(300), p.token);
    expect(body(first).code).toBe(200);
    const firstAt = clock.now();
    const over = body(await post(t.app, '/api/recharge', bankOrder(300), p.token));
    expect(over.code).toBe(422);
    expect(over.message).toContain('当前剩余可充值$ 200.00');
    // It frees when the first order leaves the 24-hour window.
    const frees = toBeijingString(new Date(firstAt.getTime() + DAY)).slice(0, 16);
    expect(over.message).toContain(frees);
    expect(body(await post(t.app, '/api/recharge', bankOrder(200), p.token)).code).toBe(200);
    const s = await state(p.token);
    expect(limitOf(s, 'deposit', 'day')).toMatchObject({
      amount: 500,
      used: 500,
      remaining: 0,
      pending: null,
    });
  });

  it('an order larger than the limit itself is told it can never pass under that limit', async () => {
    const p = await fundedPlayer(t, 0n);
    expect(body(await setLimit(p.token, 'deposit', 'day', 500)).code).toBe(200);
    const refused = body(await post(t.app, '/api/recharge', bankOrder(600), p.token));
    expect(refused).toEqual({
      code: 422,
      message: PROTECTION_MSG.depositAboveLimit('24小时', '$ 500.00'),
    });
    expect(refused.message).not.toContain('恢复额度');
    expect(limitOf(await state(p.token), 'deposit', 'day')).toMatchObject({ used: 0, remaining: 500 });
  });

  it('twenty concurrent orders never pass the limit together', async () => {
    const p = await fundedPlayer(t, 0n);
    await setLimit(p.token, 'deposit', 'week', 1000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(t.app, '/api/recharge', bankOrder(300), p.token)),
    );
    const okCount = answers.filter((a) => body(a).code === 200).length;
    // Three orders of 300 fit in 1000 (five may be pending at once): the rest are refused.
    expect(okCount).toBe(3);
    expect(answers.filter((a) => body(a).message.includes('7天充值限额'))).toHaveLength(17);
    const orders = await t.ctx.db.select().from(deposits).where(eq(deposits.userId, p.userId));
    expect(orders.reduce((sum, o) => sum + o.amount, 0n)).toBe(900_00n);
  });

  it('a raise waits 24 hours and a second confirmation; a removal too; lowering binds at once', async () => {
    const p = await fundedPlayer(t, 0n);
    await setLimit(p.token, 'deposit', 'month', 1000);
    const raise = body(await setLimit(p.token, 'deposit', 'month', 5000));
    expect(raise.code).toBe(200);
    expect(raise.message).toContain('后可确认生效');
    let s = await state(p.token);
    expect(limitOf(s, 'deposit', 'month')).toMatchObject({ amount: 1000, pending: { amount: 5000 } });
    const early = body(await confirm(p.token, 'deposit', 'month'));
    expect(early.code).toBe(422);
    expect(early.message).toMatch(/^请于.+后再确认$/);
    // Still the old limit: 1,500 is refused.
    expect(body(await post(t.app, '/api/recharge', bankOrder(1500), p.token)).code).toBe(422);
    advance(DAY - HOUR);
    expect(body(await confirm(p.token, 'deposit', 'month')).code).toBe(422);
    advance(HOUR + 1000);
    expect(body(await confirm(p.token, 'deposit', 'month'))).toEqual({
      code: 200,
      message: PROTECTION_MSG.limitConfirmed,
    });
    s = await state(p.token);
    expect(limitOf(s, 'deposit', 'month')).toMatchObject({ amount: 5000, pending: null });
    expect(body(await confirm(p.token, 'deposit', 'month')).message).toBe(PROTECTION_MSG.limitNoPending);
    // Lowering binds at once; then a removal waits like a raise.
    expect(body(await setLimit(p.token, 'deposit', 'month', 100)).message).toBe(PROTECTION_MSG.limitSet);
    expect(body(await setLimit(p.token, 'deposit', 'month', null)).message).toContain('取消限额已提交');
    expect(body(await post(t.app, '/api/recharge', bankOrder(300), p.token)).code).toBe(422);
    advance(DAY + 1000);
    expect(body(await confirm(p.token, 'deposit', 'month')).code).toBe(200);
    expect(limitOf(await state(p.token), 'deposit', 'month')).toMatchObject({ amount: null, pending: null });
    expect(body(await post(t.app, '/api/recharge', bankOrder(300), p.token)).code).toBe(200);
  });

  it('refuses a limit that is not a positive amount, and removing one never set', async () => {
    const p = await fundedPlayer(t, 0n);
    for (const amount of [0, -5, 1.234, '', 'abc', 1e12]) {
      const res = await post(
        t.app,
        '/api/protection/limit',
        { kind: 'deposit', period: 'day', amount },
        p.token,
      );
      expect(res.statusCode).toBe(400);
    }
    expect(body(await setLimit(p.token, 'loss', 'week', null))).toEqual({
      code: 400,
      message: PROTECTION_MSG.limitNothingToRemove,
    });
    expect(
      (await post(t.app, '/api/protection/limit', { kind: 'x', period: 'day', amount: 1 }, p.token))
        .statusCode,
    ).toBe(400);
  });

  /** A round at the demo venue (stake and payout in cents), played now. */
  const play = (userId: number, stake: number, payout: number) =>
    playRound(t.ctx, { venue: 'obgdy', userId, stake, payout, at: clock.now() });
  const transferIn = (token: string, amount: number) =>
    post(t.app, '/api/transfer', { amount, sourcetype: 'userbalance', targettype: 'obgdy' }, token);

  it('a reached loss limit refuses transfers in and game launches until it frees; withdrawing from venues still works', async () => {
    const p = await fundedPlayer(t, 1000_00n);
    expect(body(await transferIn(p.token, 300)).code).toBe(200);
    await setLimit(p.token, 'loss', 'day', 100);
    await play(p.userId, 80_00, 0);
    expect(body(await transferIn(p.token, 10)).code).toBe(200);
    await play(p.userId, 50_00, 10_00);
    const lostAt = clock.now();
    const refusedIn = body(await transferIn(p.token, 10));
    expect(refusedIn.code).toBe(422);
    expect(refusedIn.message).toContain('已达到24小时亏损限额');
    const launch = body(
      await post(t.app, '/api/getGameUrl', { plat_name: 'obgdy', game_code: 'obgdy001' }, p.token),
    );
    expect(launch.code).toBe(422);
    expect(launch.message).toContain('亏损限额');
    expect(limitOf(await state(p.token), 'loss', 'day')).toMatchObject({ used: 120, remaining: 0 });
    // Money back from the venue always moves.
    const out = await post(
      t.app,
      '/api/transfer',
      { amount: 50, sourcetype: 'obgdy', targettype: 'userbalance' },
      p.token,
    );
    expect(body(out).code).toBe(200);
    expect(refusedIn.message).toContain(toBeijingString(new Date(lostAt.getTime() + DAY)).slice(0, 13));
    // Once the losses leave the 24-hour window, money may go in again.
    advance(DAY + 1000);
    expect(body(await transferIn(p.token, 10)).code).toBe(200);
  });

  it('a transfer in right after a loss limit is set, or a time-out started, is refused though the player passed moments before', async () => {
    const p = await fundedPlayer(t, 1000_00n);
    // This process has checked the player now: it keeps the player's (empty) protection rows.
    expect(body(await transferIn(p.token, 100)).code).toBe(200);
    await play(p.userId, 60_00, 0);
    expect(body(await transferIn(p.token, 10)).code).toBe(200);
    expect(body(await setLimit(p.token, 'loss', 'day', 50)).message).toBe(PROTECTION_MSG.limitSet);
    expect(body(await transferIn(p.token, 10)).message).toContain('已达到24小时亏损限额');

    const q = await fundedPlayer(t, 1000_00n);
    expect(body(await transferIn(q.token, 10)).code).toBe(200);
    expect(body(await restrict(q.token, 'timeout', '24h')).code).toBe(200);
    expect(body(await transferIn(await logIn(q.name), 10)).message).toContain('您正处于冷静期');
    expect(await t.ctx.ledger.balance({ central: q.userId })).toBe(990_00n);
  });

  it('a time-out needs the pay password, ends every session, refuses money into play and cannot be shortened', async () => {
    const p = await fundedPlayer(t, 500_00n);
    const wrong = body(await restrict(p.token, 'timeout', '24h', 'nope-nope'));
    expect(wrong.code).toBe(422);
    expect(wrong.message).toContain('支付密码错误');
    expect((await restrict(p.token, 'timeout', '5y')).statusCode).toBe(400);
    const started = body(await restrict(p.token, 'timeout', '7d'));
    expect(started.code).toBe(200);
    expect(started.message).toContain('冷静期已开始');
    // The session asking has ended.
    expect((await post(t.app, '/api/protection/state', {}, p.token)).statusCode).toBe(401);
    const token = await logIn(p.name);
    const s = await state(token);
    expect(s.restriction).toMatchObject({ kind: 'timeout', phase: 'active', opens_at: null });
    const refusals: [string, object][] = [
      ['/api/recharge', bankOrder(300)],
      ['/api/transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'obgdy' }],
      ['/api/getGameUrl', { plat_name: 'obgdy', game_code: 'obgdy001' }],
      ['/api/douserredpacket', {}],
      ['/api/activityApply', { id: 1 }],
    ];
    for (const [url, payload] of refusals) {
      const env = body(await post(t.app, url, payload, token));
      expect(env.code, url).toBe(422);
      expect(env.message, url).toContain('您正处于冷静期');
    }
    // A shorter one is refused; a longer one (self-exclusion) may follow.
    const shorter = body(await restrict(token, 'timeout', '24h'));
    expect(shorter.message).toContain('不可缩短或解除');
    // Operators' promotional messages do not reach the player.
    const operator = await operatorKey(t.ctx);
    const promo = await post(
      t.app,
      '/admin/api/messages',
      { username: p.name, title: '优惠', content: '<p>存就送</p>', reason: '活动推广' },
      operator,
    );
    expect(body(promo)).toEqual({ code: 409, message: PROTECTION_MSG.noPromotions });
    advance(7 * DAY + 1000);
    const again = await logIn(p.name);
    expect((await state(again)).restriction).toBeNull();
    expect(body(await post(t.app, '/api/activityApply', { id: 1 }, again)).code).toBe(200);
  });

  it('transfers in at once from a player in a time-out and one without: each is answered for its own player', async () => {
    const free = await fundedPlayer(t, 500_00n);
    const held = await fundedPlayer(t, 500_00n);
    await restrict(held.token, 'timeout', '24h');
    const heldToken = await logIn(held.name);
    const transferIn = (token: string) =>
      post(
        t.app,
        '/api/transfer',
        { amount: 10, sourcetype: 'userbalance', targettype: 'obgdy' },
        token,
      ).then(body);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => transferIn(i % 2 === 0 ? free.token : heldToken)),
    );
    answers.forEach((answer, i) => {
      if (i % 2 === 0) expect(answer.code, `call ${i}`).toBe(200);
      else expect(answer.message, `call ${i}`).toContain('您正处于冷静期');
    });
  });

  it('after self-exclusion the account stays closed until the player asks to return, then opens 24 hours later', async () => {
    const p = await fundedPlayer(t, 0n);
    await restrict(p.token, 'exclusion', '6m');
    let token = await logIn(p.name);
    expect(body(await post(t.app, '/api/protection/return', {}, token)).message).toBe(
      PROTECTION_MSG.returnNotEnded,
    );
    advance(190 * DAY);
    token = await logIn(p.name);
    expect((await state(token)).restriction).toMatchObject({ kind: 'exclusion', phase: 'ended' });
    expect(body(await post(t.app, '/api/recharge', bankOrder(300), token)).message).toBe(
      PROTECTION_MSG.exclusionEnded('充值'),
    );
    const asked = body(await post(t.app, '/api/protection/return', {}, token));
    expect(asked.message).toContain('已申请恢复');
    expect((await state(token)).restriction).toMatchObject({ phase: 'returning' });
    expect(body(await post(t.app, '/api/recharge', bankOrder(300), token)).message).toContain('届时才能充值');
    advance(DAY + 1000);
    expect((await state(token)).restriction).toBeNull();
    expect(body(await post(t.app, '/api/recharge', bankOrder(300), token)).code).toBe(200);
    expect(body(await post(t.app, '/api/protection/return', {}, token)).message).toBe(
      PROTECTION_MSG.returnNotExcluded,
    );
  });

  it('the reality check reports time since login and the net result of bets since', async () => {
    const p = await fundedPlayer(t, 100_00n);
    expect((await post(t.app, '/api/protection/reality-check', { minutes: 7 }, p.token)).statusCode).toBe(
      400,
    );
    expect(body(await post(t.app, '/api/protection/reality-check', { minutes: 30 }, p.token)).code).toBe(200);
    await transferIn(p.token, 50);
    await play(p.userId, 20_00, 5_00);
    advance(31 * 60_000);
    const rc = body(await post(t.app, '/api/protection/session', {}, p.token)).data as {
      interval: number;
      elapsed: number;
      net: number;
    };
    expect(rc.interval).toBe(30);
    expect(rc.elapsed).toBeGreaterThanOrEqual(31 * 60);
    expect(rc.net).toBe(-15);
  });
  it("the demo venue's game page gets the reality check from the launch link: interval, login time, net since", async () => {
    const p = await fundedPlayer(t, 100_00n);
    await post(t.app, '/api/protection/reality-check', { minutes: 45 }, p.token);
    await transferIn(p.token, 50);
    await play(p.userId, 10_00, 4_00);
    const launch = body(
      await post(t.app, '/api/getGameUrl', { plat_name: 'obgdy', game_code: 'obgdy001' }, p.token),
    ).data as { url: string };
    const opened = await t.app.inject({ method: 'GET', url: launch.url });
    const cookie = String(opened.headers['set-cookie']).split(';')[0] ?? '';
    const state = await t.app.inject({ method: 'GET', url: '/venue/demo/api/state', headers: { cookie } });
    const reality = (body(state).data as { reality: { minutes: number; logged_in_at: number; net: number } })
      .reality;
    expect(reality.minutes).toBe(45);
    expect(reality.net).toBe(-6);
    expect(reality.logged_in_at).toBeLessThanOrEqual(clock.now().getTime());
  });
});

describe.each(targets)('account security on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
  });
  afterAll(() => t.close());

  const loginAs = async (name: string, password: string, ua: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login_pc',
      payload: { name, password, code: CAPTCHA, captcha_key: await captchaKey(t.app) },
      headers: { 'user-agent': ua },
    });
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
  const IPAD =
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

  it('keeps the login history with device and result, and tells the player of a new device', async () => {
    const p = await fundedPlayer(t, 0n);
    await loginAs(p.name, 'wrong-password', IPHONE);
    const first = body(await loginAs(p.name, 'secret123', IPHONE)).data as { api_token: string };
    await loginAs(p.name, 'secret123', IPHONE);
    await loginAs(p.name, 'secret123', ANDROID);
    await loginAs(p.name, 'secret123', IPAD);
    const history = body(await post(t.app, '/api/security/logins', {}, first.api_token)).data as {
      device: string;
      result: string;
    }[];
    expect(history.map((h) => [h.device, h.result])).toEqual([
      ['Safari · iPad', '登录成功'],
      ['Chrome · Android', '登录成功'],
      ['Safari · iPhone', '登录成功'],
      ['Safari · iPhone', '登录成功'],
      ['Safari · iPhone', '密码错误'],
    ]);
    const inbox = body(await post(t.app, '/api/noticeList', { type: 2, page: 1 }, first.api_token)).data as {
      data: { title: string }[];
    };
    // The iPad is a device of its own, not the iPhone again.
    expect(inbox.data.filter((m) => m.title === '【账户安全】新设备登录')).toHaveLength(3);
  });

  it('lists live sessions; ending one answers its next call 认证失败-style 401; ending the others keeps this one', async () => {
    const p = await fundedPlayer(t, 0n);
    const a = (body(await loginAs(p.name, 'secret123', IPHONE)).data as { api_token: string }).api_token;
    const b = (body(await loginAs(p.name, 'secret123', ANDROID)).data as { api_token: string }).api_token;
    const list = body(await post(t.app, '/api/security/sessions', {}, a)).data as {
      id: number;
      device: string;
      current: boolean;
    }[];
    expect(list[0]).toMatchObject({ current: true, device: 'Safari · iPhone' });
    const android = list.find((s) => s.device === 'Chrome · Android');
    expect(android).toBeDefined();
    expect(body(await post(t.app, '/api/security/sessions/end', { id: android?.id }, a)).code).toBe(200);
    expect((await post(t.app, '/api/protection/state', {}, b)).statusCode).toBe(401);
    // Another player's session is never found.
    const q = await fundedPlayer(t, 0n);
    const theirs = body(await post(t.app, '/api/security/sessions', {}, q.token)).data as { id: number }[];
    expect((await post(t.app, '/api/security/sessions/end', { id: theirs[0]?.id }, a)).statusCode).toBe(404);
    expect((await post(t.app, '/api/protection/state', {}, q.token)).statusCode).toBe(200);
    expect(body(await post(t.app, '/api/security/sessions/end-others', {}, a)).code).toBe(200);
    expect((await post(t.app, '/api/protection/state', {}, p.token)).statusCode).toBe(401);
    expect((await post(t.app, '/api/protection/state', {}, a)).statusCode).toBe(200);
    expect((body(await post(t.app, '/api/security/sessions', {}, a)).data as unknown[]).length).toBe(1);
  });
});
