import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, operatorKey, post, registerPlayer, type TestApp, violations } from './harness';

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

describe('operator credit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { ADMIN_TOKEN } });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  it('credits a player once per key through the ledger, with the turnover it asks for', async () => {
    const { name, token } = await registerPlayer(t.app);
    const credit = {
      username: name,
      amount: 250.5,
      memo: '补偿',
      turnover_multiple: 2,
      key: 'credit-key-0001',
    };
    expect(body(await post(t.app, '/admin/api/players/credit', credit, operator))).toEqual({
      code: 200,
      message: '加款成功',
    });
    expect(body(await post(t.app, '/admin/api/players/credit', credit, operator)).message).toBe(
      '该 key 已加款，未重复加款',
    );
    expect(body(await post(t.app, '/api/balance', {}, token)).data).toEqual({ balance: 250.5 });
    expect(body(await post(t.app, '/api/getBetAmount', {}, token)).data).toEqual({ bet_amount: 501 });
    expect(await violations(t.ctx)).toEqual([]);
  });

  it('refuses an unknown player and a player token', async () => {
    const unknown = { username: 'nobody-here', amount: 1, key: 'credit-key-0002' };
    expect((await post(t.app, '/admin/api/players/credit', unknown, operator)).statusCode).toBe(404);
    const { name, token } = await registerPlayer(t.app);
    expect(
      (await post(t.app, '/admin/api/players/credit', { ...unknown, username: name }, token)).statusCode,
    ).toBe(401);
  });
});
