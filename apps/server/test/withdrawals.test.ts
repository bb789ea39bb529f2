import { ReviewState } from '@app/contract/status';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../src/db/schema/wallet';
import { changeTurnover } from '../src/modules/turnover/service';
import { withdrawalState } from '../src/modules/withdrawals/service';
import { body, createTestApp, playerWithBoundCard, post, type TestApp, targets, violations } from './harness';

describe.each(targets)('withdrawals on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const playerWithCard = (cents: bigint, card: 'bank' | 'usdt' = 'bank') =>
    playerWithBoundCard(t, cents, card);

  it('holds the amount for review and answers 提交成功，等待后台审核', async () => {
    const p = await playerWithCard(50_000n);
    const res = await post(
      t.app,
      '/api/withdraw',
      { amount: 150, bank: p.cardId, password: 'paypass123' },
      p.token,
    );
    expect(body(res)).toEqual({ code: 200, message: WALLET_MSG.submitted });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(35_000n);
    const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId));
    expect(row).toMatchObject({ amount: 15_000n, fee: 0n, cardId: p.cardId });
    const reservation = await t.ctx.ledger.find(row?.pendingKey ?? '');
    expect(reservation && withdrawalState(reservation.state)).toBe(ReviewState.pending);
  });

  it('records the TRC20 fee on a USDT withdrawal', async () => {
    const p = await playerWithCard(50_000n, 'usdt');
    await post(
      t.app,
      '/api/withdraw',
      { amount: 100, bank: String(p.cardId), password: 'paypass123' },
      p.token,
    );
    const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId));
    expect(row).toMatchObject({ amount: 10_000n, fee: 100n });
  });

  it.each([
    ['no card', { amount: 150, password: 'paypass123' }, WALLET_MSG.withdrawCard],
    ['an amount under 100', { amount: 99.99, bank: 1, password: 'paypass123' }, WALLET_MSG.withdrawMin],
    ['no amount', { bank: 1, password: 'paypass123' }, WALLET_MSG.withdrawMin],
    ['no pay password', { amount: 150, bank: 1 }, WALLET_MSG.withdrawPassword],
    ['card and amount both missing', { password: 'x' }, WALLET_MSG.withdrawCard],
  ])('refuses %s with the spec message', async (_case, payload, message) => {
    const p = await playerWithCard(50_000n);
    const res = await post(t.app, '/api/withdraw', payload, p.token);
    expect(body(res)).toEqual({ code: 400, message });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(50_000n);
  });

  it('never withdraws to another player’s card', async () => {
    const victim = await playerWithCard(0n);
    const thief = await playerWithCard(50_000n);
    const res = await post(
      t.app,
      '/api/withdraw',
      { amount: 100, bank: victim.cardId, password: 'paypass123' },
      thief.token,
    );
    expect(body(res)).toEqual({ code: 404, message: WALLET_SERVER_MSG.cardNotFound });
    expect(await t.ctx.ledger.balance({ central: thief.userId })).toBe(50_000n);
  });

  it('refuses a wrong pay password and more than the balance', async () => {
    const p = await playerWithCard(20_000n);
    const wrong = await post(
      t.app,
      '/api/withdraw',
      { amount: 100, bank: p.cardId, password: 'not-it-1' },
      p.token,
    );
    expect(body(wrong)).toEqual({ code: 422, message: WALLET_SERVER_MSG.payPasswordWrong(4) });
    const over = await post(
      t.app,
      '/api/withdraw',
      { amount: 200.01, bank: p.cardId, password: 'paypass123' },
      p.token,
    );
    expect(body(over)).toEqual({ code: 422, message: WALLET_SERVER_MSG.overBalance });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(20_000n);
  });

  it('refuses while turnover is outstanding, naming the amount, and reports it through getBetAmount', async () => {
    const p = await playerWithCard(50_000n);
    await t.ctx.db.transaction((tx) => changeTurnover(tx, p.userId, 123_456n, 'test', `test:${p.userId}:t1`));
    expect(body(await post(t.app, '/api/getBetAmount', {}, p.token)).data).toEqual({ bet_amount: 1234.56 });
    const res = await post(
      t.app,
      '/api/withdraw',
      { amount: 100, bank: p.cardId, password: 'paypass123' },
      p.token,
    );
    expect(body(res)).toEqual({ code: 422, message: WALLET_SERVER_MSG.turnoverOutstanding('1,234.56') });

    await t.ctx.db.transaction((tx) => changeTurnover(tx, p.userId, -200_000n, 'bet', `test:${p.userId}:t2`));
    await t.ctx.db.transaction((tx) => changeTurnover(tx, p.userId, -200_000n, 'bet', `test:${p.userId}:t2`));
    expect(body(await post(t.app, '/api/getBetAmount', {}, p.token)).data).toEqual({ bet_amount: 0 });
    expect(
      body(
        await post(t.app, '/api/withdraw', { amount: 100, bank: p.cardId, password: 'paypass123' }, p.token),
      ).code,
    ).toBe(200);
  });

  it('withdraws once for concurrent requests with one Idempotency-Key', async () => {
    const p = await playerWithCard(100_000n);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/withdraw',
          headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': 'withdraw-key-0001' },
          payload: { amount: 100, bank: p.cardId, password: 'paypass123' },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(90_000n);
    expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId))).toHaveLength(1);
  });
});
