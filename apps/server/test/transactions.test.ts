import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  operatorKey,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
} from './harness';

/** An operator's API key, made in each suite's beforeAll. */
let operator = '';

interface RecordsPage {
  data: {
    out_trade_no: string;
    amount: number;
    pay_way: string;
    state: number;
    created_at: string;
    pay_kind?: string;
  }[];
  current_page: number;
  last_page: number;
  total: number;
}

describe.each(targets)('transaction records on %s', (target) => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    t = await createTestApp(target, {
      demo: true,
      clock: { now: () => new Date(Date.now() + offset) },
    });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  const records = async (token: string, query: object) =>
    body(await post(t.app, '/api/gettransrecord', query, token)).data as RecordsPage;

  it('answers each type of the player’s own records, newest first, states as recorded', async () => {
    const p = await playerWithBoundCard(t, 100_000n);
    const other = await playerWithBoundCard(t, 100_000n);
    const dep = body(await post(t.app, '/api/recharge', { paytype: 'usdt', amount: 150 }, p.token)).data as {
      deposit_no: string;
    };
    await post(
      t.app,
      '/api/recharge',
      { paytype: 'card', amount: 300, bank_owner: '王五', bank: '中国银行' },
      p.token,
    );
    await post(t.app, '/api/withdraw', { amount: 100, bank: p.cardId, password: 'paypass123' }, p.token);
    await post(t.app, '/admin/api/deposits/approve', { order_no: dep.deposit_no }, operator);
    await post(t.app, '/api/recharge', { paytype: 'usdt', amount: 999 }, other.token);
    await post(t.app, '/api/transfer', { amount: 50, sourcetype: 'userbalance', targettype: 'pp' }, p.token);
    await post(t.app, '/api/transfer', { amount: 20, sourcetype: 'pp', targettype: 'userbalance' }, p.token);

    const deposits = await records(p.token, { type: 1 });
    expect(deposits.data.map((r) => [r.amount, r.pay_way, r.state, r.pay_kind])).toEqual([
      [300, '银行卡', 1, 'bank'],
      [150, 'USDT', 2, 'usdt'],
    ]);
    expect(deposits).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    const withdrawals = (await records(p.token, { type: 2 })).data;
    expect(withdrawals).toMatchObject([{ amount: 100, pay_way: '中国银行', state: 1 }]);
    expect(withdrawals[0]).not.toHaveProperty('pay_kind');
    expect((await records(p.token, { type: '3' })).data).toMatchObject([
      { amount: 50, pay_way: 'PP电子', state: 1 },
    ]);
    expect((await records(p.token, { type: 4 })).data).toMatchObject([
      { amount: 20, pay_way: 'PP电子', state: 1 },
    ]);
    expect((await records(other.token, { type: 1 })).data.map((r) => r.amount)).toEqual([999]);
  });

  it('pages by RECORDS_PAGE_SIZE up to last_page', async () => {
    const p = await playerWithBoundCard(t, 1_000_000n);
    const n = RECORDS_PAGE_SIZE + 3;
    for (let i = 0; i < n; i++) {
      await post(
        t.app,
        '/api/transfer',
        { amount: 1 + i, sourcetype: 'userbalance', targettype: 'obzr' },
        p.token,
      );
    }
    const first = await records(p.token, { type: 3, page: 1 });
    const second = await records(p.token, { type: 3, page: 2 });
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: n });
    expect(first.data).toHaveLength(RECORDS_PAGE_SIZE);
    expect(first.data[0]?.amount).toBe(n);
    expect(second.data.map((r) => r.amount)).toEqual([3, 2, 1]);
    expect((await records(p.token, { type: 3, page: 3 })).data).toEqual([]);
  });

  it('filters by Beijing days: today, last 7, 15 and 30 days', async () => {
    const p = await playerWithBoundCard(t, 1_000_000n);
    const at = async (daysAgo: number, amount: number) => {
      offset = -daysAgo * 86_400_000;
      await post(t.app, '/api/transfer', { amount, sourcetype: 'userbalance', targettype: 'ae' }, p.token);
      offset = 0;
    };
    await at(0, 1);
    await at(3, 2);
    await at(10, 3);
    await at(20, 4);
    await at(40, 5);
    const amounts = async (date: number) =>
      (await records(p.token, { type: 3, date })).data.map((r) => r.amount);
    expect(await amounts(1)).toEqual([1]);
    expect(await amounts(2)).toEqual([1, 2]);
    expect(await amounts(3)).toEqual([1, 2, 3]);
    expect(await amounts(4)).toEqual([1, 2, 3, 4]);
  });

  it('refuses bad filters and visitors', async () => {
    const p = await playerWithBoundCard(t, 0n);
    expect(body(await post(t.app, '/api/gettransrecord', { type: 6 }, p.token)).code).toBe(400);
    expect(body(await post(t.app, '/api/gettransrecord', { date: 9 }, p.token)).code).toBe(400);
    expect((await post(t.app, '/api/gettransrecord', { type: 1 })).statusCode).toBe(401);
  });
});
