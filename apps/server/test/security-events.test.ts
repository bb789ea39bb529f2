import { type PlayerProtection, PROTECTION_MSG } from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import { CARD_WAIT_MSG } from '@app/contract/two-factor-rules';
import { WALLET_MSG } from '@app/contract/wallet-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/operators';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  fundedPlayer,
  operatorKey,
  post,
  TEST_TRC20_ADDRESS,
  type TestApp,
  targets,
  violations,
} from './harness';

const HOUR = 3_600_000;
const bankCard = {
  bank_owner: '王五',
  bank: '中国银行',
  bank_no: '6013820800012345678',
  bank_address: '北京分行',
  pay_pass: 'paypass123',
};
const usdtCard = {
  bank: 'USDT',
  bank_owner: 'TRC20',
  bank_no: TEST_TRC20_ADDRESS,
  bank_address: '',
  pay_pass: 'paypass123',
};

describe.each(targets)('account security events on %s', (target) => {
  let t: TestApp;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  beforeAll(async () => {
    // The default waiting period of new cards (24 hours) stays in force here.
    t = await createTestApp(target, { clock, cardWait: true });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const messages = async (token: string) =>
    (
      body(await post(t.app, '/api/noticeList', { type: 2, page: 1 }, token)).data as {
        data: { title: string; content: string }[];
      }
    ).data;
  const titles = async (token: string) => (await messages(token)).map((m) => m.title);
  const unread = async (token: string) =>
    (body(await post(t.app, '/api/messageNum', {}, token)).data as { num: number }).num;
  const cardsOf = async (token: string, type: number) =>
    body(await post(t.app, '/api/getcard', { type }, token)).data as {
      id: number;
      usable_from: string | null;
    }[];
  const withdraw = (token: string, bank: number) =>
    post(t.app, '/api/withdraw', { amount: 100, bank, password: 'paypass123' }, token);
  const login = async (name: string, password = 'secret123', ua = 'Mozilla/5.0 (iPhone) Safari/604.1') =>
    body(
      await t.app.inject({
        method: 'POST',
        url: '/api/login_pc',
        headers: { 'user-agent': ua },
        payload: { name, password, code: CAPTCHA, captcha_key: await captchaKey(t.app) },
      }),
    );

  it('a new card receives a withdrawal only after the default 24 hours; the list says from when', async () => {
    const p = await fundedPlayer(t, 50_000n);
    expect(body(await post(t.app, '/api/bindcard', bankCard, p.token)).message).toBe(WALLET_MSG.bound);
    const boundAt = clock.now();
    const from = toBeijingString(new Date(boundAt.getTime() + 24 * HOUR));
    const [card] = await cardsOf(p.token, 1);
    expect(card?.usable_from).toBe(from);
    const early = body(await withdraw(p.token, card?.id ?? 0));
    expect(early).toEqual({ code: 422, message: CARD_WAIT_MSG.notYet(from) });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(50_000n);
    offset += 23 * HOUR;
    expect(body(await withdraw(p.token, card?.id ?? 0)).code).toBe(422);
    offset += HOUR;
    expect((await cardsOf(p.token, 1))[0]?.usable_from).toBeNull();
    expect(body(await withdraw(p.token, card?.id ?? 0))).toEqual({
      code: 200,
      message: WALLET_MSG.submitted,
    });
  });

  it('the operator sets the waiting period; reading and changing it is permitted by role and audited', async () => {
    const superadmin = await operatorKey(t.ctx);
    const auditor = await operatorKey(t.ctx, 'auditor');
    expect(
      body(
        await t.app.inject({
          method: 'GET',
          url: '/admin/api/settings/card-wait',
          headers: { authorization: `Bearer ${auditor}` },
        }),
      ).data,
    ).toEqual({ hours: 24 });
    const refused = await post(
      t.app,
      '/admin/api/settings/card-wait',
      { hours: 0, reason: '测试修改等待时长' },
      auditor,
    );
    expect(refused.statusCode).toBe(403);
    const bad = body(
      await post(
        t.app,
        '/admin/api/settings/card-wait',
        { hours: -1, reason: '测试修改等待时长' },
        superadmin,
      ),
    );
    expect(bad.code).toBe(400);
    const unexplained = body(await post(t.app, '/admin/api/settings/card-wait', { hours: 2 }, superadmin));
    expect(unexplained.message).toContain('请填写操作原因');
    const set = body(
      await post(
        t.app,
        '/admin/api/settings/card-wait',
        { hours: 2, reason: '测试修改等待时长' },
        superadmin,
      ),
    );
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.site'), eq(auditLog.targetId, 'card_wait')));
    expect(audit).toMatchObject({ reason: '测试修改等待时长', before: { hours: 24 }, after: { hours: 2 } });
    expect(set).toMatchObject({ code: 200, data: { hours: 2 } });

    const p = await fundedPlayer(t, 50_000n);
    await post(t.app, '/api/bindcard', usdtCard, p.token);
    const [address] = await cardsOf(p.token, 2);
    expect(body(await withdraw(p.token, address?.id ?? 0)).message).toContain('后方可用于取款');
    offset += 2 * HOUR;
    expect(body(await withdraw(p.token, address?.id ?? 0)).code).toBe(200);
    await post(
      t.app,
      '/admin/api/settings/card-wait',
      { hours: 24, reason: '测试恢复默认等待时长' },
      superadmin,
    );
  });

  it('a card keeps the waiting period it was bound under when the operator changes the setting', async () => {
    const superadmin = await operatorKey(t.ctx);
    const setWait = (hours: number) =>
      post(t.app, '/admin/api/settings/card-wait', { hours, reason: '测试修改等待时长' }, superadmin);
    const p = await fundedPlayer(t, 50_000n);
    await post(t.app, '/api/bindcard', bankCard, p.token);
    const from = toBeijingString(new Date(clock.now().getTime() + 24 * HOUR));
    expect(body(await setWait(1)).code).toBe(200);
    // Bound under 24 hours: a shorter setting later does not shorten it.
    const [card] = await cardsOf(p.token, 1);
    expect(card?.usable_from).toBe(from);
    offset += 2 * HOUR;
    expect(body(await withdraw(p.token, card?.id ?? 0))).toEqual({
      code: 422,
      message: CARD_WAIT_MSG.notYet(from),
    });
    // Bound under 1 hour: a longer setting later does not lengthen it.
    await post(t.app, '/api/bindcard', usdtCard, p.token);
    expect(body(await setWait(24)).code).toBe(200);
    offset += HOUR;
    const [address] = await cardsOf(p.token, 2);
    expect(address?.usable_from).toBeNull();
    expect(body(await withdraw(p.token, address?.id ?? 0)).code).toBe(200);
  });

  it('sends a security message for a new device, both password changes and a card bound and unbound', async () => {
    const p = await fundedPlayer(t, 0n);
    expect((await login(p.name)).code).toBe(200);
    await post(t.app, '/api/bindcard', bankCard, p.token);
    const [card] = await cardsOf(p.token, 1);
    await post(t.app, '/api/delcard', { id: card?.id }, p.token);
    await post(t.app, '/api/editPayPassword', { password: 'paypass123', paypassword: 'paypass456' }, p.token);
    await post(t.app, '/api/editPassword', { password: 'secret123', paypassword: 'secret456' }, p.token);
    const fresh = await login(p.name, 'secret456');
    const token = (fresh.data as { api_token: string }).api_token;
    const all = await messages(token);
    expect(all.map((m) => m.title)).toEqual(
      expect.arrayContaining([
        '【账户安全】新设备登录',
        '【账户安全】收款账户已绑定',
        '【账户安全】收款账户已解绑',
        '【账户安全】支付密码已修改',
        '【账户安全】登录密码已修改',
      ]),
    );
    const bound = all.find((m) => m.title.endsWith('收款账户已绑定'));
    expect(bound?.content).toContain('尾号5678');
    expect(bound?.content).toContain('24小时后可用于取款');
    // The same device again is not new.
    const count = (await titles(token)).filter((x) => x.endsWith('新设备登录')).length;
    await login(p.name, 'secret456');
    expect((await titles(token)).filter((x) => x.endsWith('新设备登录')).length).toBe(count);
  });

  it('holds back promotional messages during a time-out and delivers security ones; they reappear after it', async () => {
    const p = await fundedPlayer(t, 0n);
    const operator = await operatorKey(t.ctx);
    const send = (title: string, promotional?: boolean) =>
      post(
        t.app,
        '/admin/api/messages',
        {
          username: p.name,
          title,
          content: '<p>内容</p>',
          reason: '服务通知',
          ...(promotional === undefined ? {} : { promotional }),
        },
        operator,
      );
    expect(body(await send('首存优惠')).code).toBe(200);
    const before = await unread(p.token);
    const started = body(
      await post(
        t.app,
        '/api/protection/restrict',
        { kind: 'timeout', term: '24h', paypassword: 'paypass123' },
        p.token,
      ),
    );
    expect(started.code).toBe(200);
    const back = await login(p.name);
    const token = (back.data as { api_token: string }).api_token;
    // During the time-out: the earlier promotion is not listed nor counted, a new one is refused,
    // a service message (promotional false) and the security messages are delivered.
    expect(body(await send('再存再送')).message).toBe(PROTECTION_MSG.noPromotions);
    expect(body(await send('账户通知', false)).code).toBe(200);
    const during = await titles(token);
    expect(during).not.toContain('首存优惠');
    expect(during).toContain('账户通知');
    expect(during).toContain('【账户安全】冷静期已开始');
    // None is read yet: the count is of the listed ones, the held-back promotion not among them.
    expect(before).toBeGreaterThan(0);
    expect(await unread(token)).toBe(during.length);
    offset += 25 * 3_600_000;
    expect(await titles(token)).toContain('首存优惠');
  });

  it('shows operators every limit, time-out and exclusion of a player, read-only, each view audited', async () => {
    const p = await fundedPlayer(t, 0n);
    const auditor = await operatorKey(t.ctx, 'auditor');
    await post(t.app, '/api/protection/limit', { kind: 'deposit', period: 'day', amount: 500 }, p.token);
    await post(t.app, '/api/protection/limit', { kind: 'loss', period: 'week', amount: 800 }, p.token);
    await post(t.app, '/api/protection/reality-check', { minutes: 30 }, p.token);
    await post(
      t.app,
      '/api/protection/restrict',
      { kind: 'timeout', term: '24h', paypassword: 'paypass123' },
      p.token,
    );
    const view = async () =>
      body(
        await t.app.inject({
          method: 'GET',
          url: `/admin/api/players/${p.userId}/protection`,
          headers: { authorization: `Bearer ${auditor}` },
        }),
      );
    const seen = (await view()).data as PlayerProtection;
    expect(seen.limits.filter((l) => l.amount !== null).map((l) => [l.kind, l.period, l.amount])).toEqual([
      ['deposit', 'day', 500],
      ['loss', 'week', 800],
    ]);
    expect(seen.reality_check).toBe(30);
    expect(seen.restriction).toMatchObject({ kind: 'timeout', phase: 'active' });
    expect(seen.restrictions).toHaveLength(1);
    expect(seen.two_factor).toBe(false);
    // After the time-out, it is still listed; nothing binds.
    offset += 25 * HOUR;
    const later = (await view()).data as PlayerProtection;
    expect(later.restriction).toBeNull();
    expect(later.restrictions.map((r) => r.kind)).toEqual(['timeout']);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'players.view'), eq(auditLog.targetId, String(p.userId))));
    expect(audits).toHaveLength(2);
    // There is no operator route that changes or lifts them.
    const lift = await post(t.app, `/admin/api/players/${p.userId}/protection`, {}, await operatorKey(t.ctx));
    expect(lift.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/admin/api/players/999999/protection',
      headers: { authorization: `Bearer ${auditor}` },
    });
    expect(missing.statusCode).toBe(404);
  });
});
