import { MONEY_MSG } from '@app/contract/admin/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, fundedPlayer, operatorKey, post, type TestApp, violations } from './harness';

const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';
/** An operator's API key, made in each suite's beforeAll. */
let operator = '';

describe('operator API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { ADMIN_TOKEN } });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  it('puts the site into maintenance and back, as players then see it', async () => {
    const off = await post(
      t.app,
      '/admin/api/settings/site',
      { site_state: 0, repair_tips: '维护测试' },
      operator,
    );
    expect(body(off).code).toBe(200);
    expect(body(await post(t.app, '/api/app')).data).toMatchObject({
      site_state: 0,
      repair_tips: '维护测试',
    });
    await post(t.app, '/admin/api/settings/site', { site_state: 1 }, operator);
    expect(body(await post(t.app, '/api/app')).data).toMatchObject({
      site_state: 1,
      repair_tips: '维护测试',
    });
  });

  it('refuses a wrong key, the bootstrap token and a bad value, changing nothing', async () => {
    expect((await post(t.app, '/admin/api/settings/site', { site_state: 0 }, 'wrong')).statusCode).toBe(401);
    expect((await post(t.app, '/admin/api/settings/site', { site_state: 0 }, ADMIN_TOKEN)).statusCode).toBe(
      401,
    );
    expect((await post(t.app, '/admin/api/settings/site', { site_state: 7 }, operator)).statusCode).toBe(400);
    expect(body(await post(t.app, '/api/app')).data).toMatchObject({ site_state: 1 });
  });
});

/** A script's manual credit: the console's adjustment route, with the script's key. */
const credit = (t: TestApp, playerId: number, amount: number, key: string, bearer: string) =>
  post(
    t.app,
    `/admin/api/players/${playerId}/adjustments`,
    { direction: 'credit', amount, turnover_multiple: 2, reason: '活动补偿', key },
    bearer,
  );

describe('manual credit from a script', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { ADMIN_TOKEN } });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  it('credits a player under the four-eyes threshold once per key through the ledger, with the turnover it asks for', async () => {
    const { token, userId } = await fundedPlayer(t, 0n);
    const first = body(await credit(t, userId, 250.5, 'credit-key-0001', operator));
    expect(first).toMatchObject({
      code: 200,
      message: '人工加款成功',
      data: { state: 'applied', replayed: false },
    });
    const again = body(await credit(t, userId, 250.5, 'credit-key-0001', operator));
    expect(again).toMatchObject({
      code: 200,
      message: '该 key 已提交过，未重复调账（已入账）',
      data: { id: (first.data as { id: number }).id, state: 'applied', replayed: true },
    });
    expect(body(await post(t.app, '/api/balance', {}, token)).data).toEqual({ balance: 250.5 });
    expect(body(await post(t.app, '/api/getBetAmount', {}, token)).data).toEqual({ bet_amount: 501 });
    // The same key for another amount or player is refused and moves nothing.
    expect((await credit(t, userId, 10, 'credit-key-0001', operator)).statusCode).toBe(409);
    const other = await fundedPlayer(t, 0n);
    expect((await credit(t, other.userId, 250.5, 'credit-key-0001', operator)).statusCode).toBe(409);
    expect(body(await post(t.app, '/api/balance', {}, other.token)).data).toEqual({ balance: 0 });
    expect(await violations(t.ctx)).toEqual([]);
  });

  it('keeps a credit above the threshold waiting for a second, different operator, however often the script sends it', async () => {
    const { token, userId } = await fundedPlayer(t, 0n);
    // The default threshold is $5,000.00.
    const asked = body(await credit(t, userId, 7_000, 'credit-key-0003', operator));
    expect(asked).toMatchObject({
      code: 200,
      message: '金额超过双人复核金额，已提交，等待另一名操作员复核',
      data: { state: 'pending', replayed: false },
    });
    const id = (asked.data as { id: number }).id;
    expect(body(await credit(t, userId, 7_000, 'credit-key-0003', operator)).data).toMatchObject({
      id,
      state: 'pending',
      replayed: true,
    });
    expect(body(await post(t.app, '/api/balance', {}, token)).data).toEqual({ balance: 0 });

    const decide = (bearer: string) =>
      post(t.app, `/admin/api/adjustments/${id}/decide`, { decision: 'approve', note: '复核通过' }, bearer);
    const own = await decide(operator);
    expect(own.statusCode).toBe(409);
    expect(body(own).message).toBe(MONEY_MSG.secondApprover);
    expect(body(await post(t.app, '/api/balance', {}, token)).data).toEqual({ balance: 0 });

    const second = await operatorKey(t.ctx, 'finance');
    expect(body(await decide(second))).toEqual({ code: 200, message: '复核通过，已入账' });
    expect(body(await post(t.app, '/api/balance', {}, token)).data).toEqual({ balance: 7_000 });
    expect(body(await credit(t, userId, 7_000, 'credit-key-0003', operator)).data).toMatchObject({
      id,
      state: 'applied',
      replayed: true,
    });
    expect(body(await post(t.app, '/api/balance', {}, token)).data).toEqual({ balance: 7_000 });
    expect(await violations(t.ctx)).toEqual([]);
  });

  it('refuses an unknown player and a player token', async () => {
    expect((await credit(t, 2 ** 40, 1, 'credit-key-0002', operator)).statusCode).toBe(404);
    const { token, userId } = await fundedPlayer(t, 0n);
    expect((await credit(t, userId, 1, 'credit-key-0002', token)).statusCode).toBe(401);
  });
});
