import { PLAYER_MSG, type PlayerProfile } from '@app/contract/admin/players';
import { SERVER_MSG } from '@app/contract/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/operators';
import { users } from '../src/db/schema/users';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  fundedPlayer,
  operatorWithKey,
  playerWithBoundCard,
  post,
  registration,
  type TestApp,
  targets,
  uniqueName,
} from './harness';

const REASON_MSG = '请填写操作原因（2-200字）';

describe.each(targets)('players in the back office on %s', (target) => {
  let t: TestApp;
  let support: { id: number; key: string };

  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
    support = await operatorWithKey(t.ctx, 'support');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${support.key}` },
      ...(payload ? { payload } : {}),
    });
  const search = async (query: string) =>
    (body(await call('GET', `/admin/api/players?${query}`)).data as { data: { id: number }[]; total: number })
      .data;
  const lastAudit = async (action: string) => {
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.operatorId, support.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };
  const login = async (name: string, password = 'secret123') =>
    body(
      await post(t.app, '/api/login_pc', {
        name,
        password,
        code: CAPTCHA,
        captcha_key: await captchaKey(t.app),
      }),
    );

  async function registerFrom(ip: string) {
    const name = uniqueName('ip');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip,
      payload: { ...registration(name), captcha_key: await captchaKey(t.app) },
    });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, name));
    return { name, token: (body(res).data as { api_token: string }).api_token, userId: user?.id ?? 0 };
  }

  it('finds players by username, real name, mobile, card number and registration or login address', async () => {
    const carded = await playerWithBoundCard(t, 0n);
    await t.ctx.db
      .update(users)
      .set({ mobile: '13912345678', realname: '欧阳娜娜' })
      .where(eq(users.id, carded.userId));
    const fromAfar = await registerFrom('203.0.113.77');

    expect((await search(`field=username&q=${carded.name.slice(2, 10)}`)).map((r) => r.id)).toContain(
      carded.userId,
    );
    expect((await search(`field=realname&q=${encodeURIComponent('欧阳')}`)).map((r) => r.id)).toEqual([
      carded.userId,
    ]);
    expect((await search('field=mobile&q=13912345678')).map((r) => r.id)).toEqual([carded.userId]);
    expect((await search('field=card&q=6013820800012345678')).map((r) => r.id)).toContain(carded.userId);
    expect((await search('field=ip&q=203.0.113.77')).map((r) => r.id)).toEqual([fromAfar.userId]);
    expect(await search('field=username&q=%25')).toEqual([]);

    const audit = await lastAudit('players.search');
    expect(audit).toMatchObject({ targetType: 'search', targetId: '用户名=%' });
    expect(body(await call('GET', '/admin/api/players?field=password&q=x')).code).toBe(400);
  });

  it("shows a player's page: profile, cards, locks and where they registered; each view is audited", async () => {
    const p = await registerFrom('198.51.100.4');
    await t.ctx.db
      .update(users)
      .set({ failedLogins: 5, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(users.id, p.userId));
    const res = await call('GET', `/admin/api/players/${p.userId}`);
    const profile = body(res).data as PlayerProfile;
    expect(profile).toMatchObject({
      id: p.userId,
      username: p.name,
      realname: '张三',
      status: 1,
      register_ip: '198.51.100.4',
      failed_logins: 5,
      live_sessions: 1,
      cards: [],
    });
    expect(profile.login_locked_until).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await lastAudit('players.view')).toMatchObject({
      targetType: 'player',
      targetId: String(p.userId),
    });
    expect(body(await call('GET', '/admin/api/players/99999999'))).toEqual({
      code: 404,
      message: PLAYER_MSG.notFound,
    });
  });

  it('asks every venue for the balance now, and says which did not answer', async () => {
    const p = await fundedPlayer(t, 50_000n);
    await post(t.app, '/api/transfer', { amount: 120, sourcetype: 'userbalance', targettype: 'pp' }, p.token);
    const balances = body(await call('GET', `/admin/api/players/${p.userId}/balances`)).data as {
      central: number;
      venues: { code: string; balance: number | null; error: string }[];
    };
    expect(balances.central).toBe(380);
    expect(balances.venues.find((v) => v.code === 'pp')).toMatchObject({ balance: 120, error: '' });
    expect(balances.venues.length).toBe((await t.ctx.venues.list()).length);

    t.ctx.demoVenue.behaviour = { latencyMs: 6_000, fault: () => 'none' };
    try {
      const slow = body(await call('GET', `/admin/api/players/${p.userId}/balances`)).data as typeof balances;
      expect(slow.central).toBe(380);
      expect(slow.venues.every((v) => v.balance === null && v.error === '场馆未响应')).toBe(true);
    } finally {
      t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
    }
  }, 30_000);

  it("lists a player's records page by page, sorted, and exports them", async () => {
    const p = await fundedPlayer(t, 0n);
    const bank = { paytype: 'card', amount: 300, bank_owner: '张三', bank: '中国银行' };
    await post(t.app, '/api/recharge', bank, p.token);
    await post(t.app, '/api/recharge', { ...bank, amount: 500 }, p.token);
    const page = body(
      await call('GET', `/admin/api/players/${p.userId}/records/deposits?sort=amount&order=ascend`),
    ).data as { data: { amount: number; state: number }[]; total: number };
    expect(page.total).toBe(2);
    expect(page.data.map((d) => d.amount)).toEqual([300, 500]);
    for (const list of [
      'sessions',
      'withdrawals',
      'transfers',
      'bets',
      'red-packets',
      'rebates',
      'applications',
      'agent-applications',
    ]) {
      expect(body(await call('GET', `/admin/api/players/${p.userId}/records/${list}`)).code, list).toBe(200);
    }
    expect(body(await call('GET', `/admin/api/players/${p.userId}/records/passwords`)).code).toBe(400);

    const csv = await call('GET', `/admin/api/players/${p.userId}/records/deposits/export`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('订单号,渠道,金额,状态,付款人,备注,创建时间,完成时间');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',500.00,待审核,');
    expect(await lastAudit('players.records')).toMatchObject({ targetId: String(p.userId) });
  });

  it('freezes a player: their sessions end at once, login is refused, and it is audited with the reason', async () => {
    const p = await fundedPlayer(t, 0n);
    expect((await post(t.app, '/api/balance', {}, p.token)).statusCode).toBe(200);

    const noReason = await call('POST', `/admin/api/players/${p.userId}/freeze`, { reason: ' ' });
    expect(body(noReason)).toEqual({ code: 400, message: REASON_MSG });
    expect((await post(t.app, '/api/balance', {}, p.token)).statusCode).toBe(200);

    const frozen = await call('POST', `/admin/api/players/${p.userId}/freeze`, { reason: '疑似盗号' });
    expect(body(frozen).code).toBe(200);
    expect((await post(t.app, '/api/balance', {}, p.token)).statusCode).toBe(401);
    expect(await login(p.name)).toEqual({ code: 403, message: SERVER_MSG.accountDisabled });
    expect(await lastAudit('players.freeze')).toMatchObject({
      targetId: String(p.userId),
      reason: '疑似盗号',
      before: { status: 1 },
      after: { status: 0, sessions_ended: 1 },
      via: expect.stringMatching(/^api-key:\d+$/),
    });
    expect(body(await call('POST', `/admin/api/players/${p.userId}/freeze`, { reason: '再次冻结' }))).toEqual(
      {
        code: 409,
        message: PLAYER_MSG.alreadyFrozen,
      },
    );

    expect(
      body(await call('POST', `/admin/api/players/${p.userId}/unfreeze`, { reason: '核实本人' })).code,
    ).toBe(200);
    expect((await login(p.name)).code).toBe(200);
    expect(await lastAudit('players.unfreeze')).toMatchObject({
      before: { status: 0 },
      after: { status: 1 },
    });
  });

  it('unlocks the login and the pay-password locks', async () => {
    const p = await fundedPlayer(t, 0n);
    for (let i = 0; i < 5; i++) await login(p.name, 'wrong-password');
    expect((await login(p.name)).code).toBe(429);
    expect(
      body(await call('POST', `/admin/api/players/${p.userId}/unlock`, { lock: 'login', reason: '本人来电' }))
        .code,
    ).toBe(200);
    expect((await login(p.name)).code).toBe(200);

    const card = {
      bank_owner: '张三',
      bank: '中国银行',
      bank_no: '6013820800087654321',
      bank_address: '北京分行',
      pay_pass: 'wrongpay',
    };
    for (let i = 0; i < 5; i++) await post(t.app, '/api/bindcard', card, p.token);
    expect(
      (await post(t.app, '/api/bindcard', { ...card, pay_pass: 'paypass123' }, p.token)).statusCode,
    ).toBe(429);
    expect(
      body(await call('POST', `/admin/api/players/${p.userId}/unlock`, { lock: 'pay', reason: '本人来电' }))
        .code,
    ).toBe(200);
    expect(body(await post(t.app, '/api/bindcard', { ...card, pay_pass: 'paypass123' }, p.token)).code).toBe(
      200,
    );
    expect(await lastAudit('players.unlock')).toMatchObject({
      before: { lock: 'pay', locked_until: expect.stringMatching(/^\d{4}-/) },
      after: { failures: 0 },
    });
  });

  it('resets the login password (ending the sessions) and the pay password, each shown once', async () => {
    const p = await fundedPlayer(t, 0n);
    const login1 = body(
      await call('POST', `/admin/api/players/${p.userId}/reset-password`, {
        which: 'login',
        reason: '忘记密码',
      }),
    );
    const loginPassword = (login1.data as { password: string }).password;
    expect(loginPassword).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await post(t.app, '/api/balance', {}, p.token)).statusCode).toBe(401);
    expect((await login(p.name)).code).toBe(422);
    const fresh = await login(p.name, loginPassword);
    expect(fresh.code).toBe(200);
    const token = (fresh.data as { api_token: string }).api_token;

    const pay = body(
      await call('POST', `/admin/api/players/${p.userId}/reset-password`, {
        which: 'pay',
        reason: '忘记支付密码',
      }),
    );
    const payPassword = (pay.data as { password: string }).password;
    const card = {
      bank_owner: '张三',
      bank: '中国银行',
      bank_no: '6013820800011112222',
      bank_address: '北京分行',
      pay_pass: payPassword,
    };
    expect(body(await post(t.app, '/api/bindcard', card, token)).code).toBe(200);
    const audit = await lastAudit('players.reset-password');
    expect(JSON.stringify(audit)).not.toContain(payPassword);
    expect(audit).toMatchObject({ after: { which: 'pay' }, reason: '忘记支付密码' });
  });

  it('ends every session of a player', async () => {
    const p = await fundedPlayer(t, 0n);
    const second = await login(p.name);
    expect(
      body(await call('POST', `/admin/api/players/${p.userId}/end-sessions`, { reason: '账号异常' })).code,
    ).toBe(200);
    expect((await post(t.app, '/api/balance', {}, p.token)).statusCode).toBe(401);
    expect(
      (await post(t.app, '/api/balance', {}, (second.data as { api_token: string }).api_token)).statusCode,
    ).toBe(401);
    expect(await lastAudit('players.end-sessions')).toMatchObject({ after: { sessions_ended: 2 } });
  });

  it('sets the agent flag and the VIP level, as the player then sees them', async () => {
    const p = await fundedPlayer(t, 0n);
    expect(
      body(await call('POST', `/admin/api/players/${p.userId}/agent`, { is_agent: 1, reason: '合作代理' }))
        .code,
    ).toBe(200);
    expect(
      body(await call('POST', `/admin/api/players/${p.userId}/vip`, { level: 3, reason: '大客户' })).code,
    ).toBe(200);
    expect(body(await post(t.app, '/api/user', {}, p.token)).data).toMatchObject({ isagent: 1, vip: 3 });
    expect(
      body(await call('POST', `/admin/api/players/${p.userId}/vip`, { level: 11, reason: '大客户' })),
    ).toEqual({
      code: 400,
      message: 'VIP等级须为1-10',
    });
    expect(await lastAudit('players.set-vip')).toMatchObject({ before: { vip: 1 }, after: { vip: 3 } });
    expect(await lastAudit('players.set-agent')).toMatchObject({
      before: { is_agent: 0 },
      after: { is_agent: 1 },
    });
  });

  it('exports a search as CSV under Chinese titles, audited', async () => {
    const p = await fundedPlayer(t, 12_345n);
    const res = await call('GET', `/admin/api/players/export?field=username&q=${p.name}`);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const [head, row] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(head).toBe('ID,用户名,真实姓名,手机号,VIP,代理,状态,中心钱包,注册时间,最后登录,最后登录IP');
    expect(row).toContain(`${p.userId},${p.name},张三,,1,否,正常,123.45,`);
    expect(await lastAudit('players.export')).toMatchObject({ after: { rows: 1 } });
  });
});
