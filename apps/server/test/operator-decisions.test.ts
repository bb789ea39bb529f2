import { MONEY_MSG } from '@app/contract/admin/money';
import { ReviewState } from '@app/contract/status';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moneyReviews } from '../src/db/schema/money-review';
import { auditLog } from '../src/db/schema/operators';
import { withdrawals } from '../src/db/schema/wallet';
import {
  body,
  createTestApp,
  type Envelope,
  fundedPlayer,
  operatorWithKey,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

/**
 * One way an operator decides a deposit or a withdrawal, whether from the console, the operator API
 * or `npm run ops`: claimed, decided and audited in one transaction; four-eyes counts what one
 * operator does to one player over 24 hours.
 */
describe.each(targets)('operator decisions on %s', (target) => {
  let t: TestApp;
  const key = { finance: '', finance2: '', superadmin: '' };
  const names = { finance: '', finance2: '' };

  beforeAll(async () => {
    t = await createTestApp(target);
    const f1 = await operatorWithKey(t.ctx, 'finance');
    const f2 = await operatorWithKey(t.ctx, 'finance');
    key.finance = f1.key;
    key.finance2 = f2.key;
    names.finance = f1.username;
    names.finance2 = f2.username;
    key.superadmin = (await operatorWithKey(t.ctx, 'superadmin')).key;
    const set = await call(key.superadmin, '/admin/api/review/settings', {
      four_eyes_threshold: 5000,
      reason: '测试双人复核',
    });
    expect(set.code).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const call = async (k: string, url: string, payload: object): Promise<Envelope> =>
    body(await post(t.app, url, payload, k));
  const auditRows = (action: string, targetId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  const adjust = (k: string, playerId: number, amount: number) =>
    call(k, `/admin/api/players/${playerId}/adjustments`, {
      direction: 'credit',
      amount,
      turnover_multiple: 0,
      reason: '活动补偿',
    });

  /** A player with a bound card and one pending withdrawal per amount (yuan), oldest first. */
  async function withdrawalsOf(...amounts: number[]) {
    const p = await fundedPlayer(t, 5_000_000n);
    await post(
      t.app,
      '/api/bindcard',
      {
        bank_owner: '王五',
        bank: '中国银行',
        bank_no: '6013820800012345678',
        bank_address: '北京分行',
        pay_pass: 'paypass123',
      },
      p.token,
    );
    const cards = body(await post(t.app, '/api/getcard', { type: 1 }, p.token)).data as { id: number }[];
    for (const amount of amounts) {
      const env = body(
        await post(t.app, '/api/withdraw', { amount, bank: cards[0]?.id, password: 'paypass123' }, p.token),
      );
      expect(env.code).toBe(200);
    }
    const rows = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId));
    return { ...p, orders: rows.sort((a, b) => a.id - b.id).map((w) => w.orderNo) };
  }

  it("an operator API approval is refused while another operator holds the order's claim", async () => {
    const w = await withdrawalsOf(300);
    const orderNo = w.orders[0] ?? '';
    expect(
      (await call(key.finance2, '/admin/api/review/withdrawals/claim', { order_no: orderNo })).code,
    ).toBe(200);
    const before = await t.ctx.ledger.balance({ central: w.userId });
    const approved = await call(key.finance, '/admin/api/withdrawals/approve', { order_no: orderNo });
    expect(approved).toEqual({ code: 409, message: MONEY_MSG.claimedByOther(names.finance2) });
    expect((await call(key.finance, '/admin/api/withdrawals/reject', { order_no: orderNo })).code).toBe(409);
    expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(before);
    expect(await auditRows('withdrawals.review', orderNo)).toEqual([]);
  });

  it('an operator API decision is recorded as the review, with its audit row, once', async () => {
    const w = await withdrawalsOf(300);
    const orderNo = w.orders[0] ?? '';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(key.finance, '/admin/api/withdrawals/approve', { order_no: orderNo }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.message.startsWith('已出款'))).toHaveLength(1);
    const [review] = await t.ctx.db
      .select()
      .from(moneyReviews)
      .where(and(eq(moneyReviews.kind, 'withdrawal'), eq(moneyReviews.orderNo, orderNo)));
    expect(review).toMatchObject({ decision: 'approve', claimedBy: null });
    expect(review?.decidedAt).not.toBeNull();
    const audited = await auditRows('withdrawals.review', orderNo);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      before: { state: ReviewState.pending },
      after: { decision: 'approve', state: ReviewState.approved },
    });
    // Decided: the console's claim is refused.
    expect(await call(key.finance2, '/admin/api/review/withdrawals/claim', { order_no: orderNo })).toEqual({
      code: 409,
      message: MONEY_MSG.notReviewable,
    });
  });

  it('two adjustments of 5,000 by one operator to one player: the second waits for a second operator', async () => {
    const p = await fundedPlayer(t, 0n);
    expect(await adjust(key.finance, p.userId, 5000)).toMatchObject({
      code: 200,
      data: { state: 'applied' },
    });
    const second = await adjust(key.finance, p.userId, 5000);
    expect(second).toMatchObject({ code: 200, data: { state: 'pending' } });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(500_000n);
    // Another operator's own adjustment counts on its own.
    expect(await adjust(key.finance2, p.userId, 100)).toMatchObject({ data: { state: 'applied' } });
    const id = (second.data as { id: number }).id;
    const approved = await call(key.finance2, `/admin/api/adjustments/${id}/decide`, {
      decision: 'approve',
      note: '复核通过',
    });
    expect(approved.code).toBe(200);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(1_010_000n);
  });

  it('concurrent adjustments by one operator to one player cannot both pass under the threshold', async () => {
    const p = await fundedPlayer(t, 0n);
    const answers = await Promise.all(Array.from({ length: 4 }, () => adjust(key.finance, p.userId, 3000)));
    const states = answers.map((a) => (a.data as { state: string }).state).sort();
    expect(states).toEqual(['applied', 'pending', 'pending', 'pending']);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(300_000n);
  });

  it("one operator's approvals of one player's withdrawals add up: past the threshold in 24 h, a second operator", async () => {
    const w = await withdrawalsOf(3000, 3000);
    const [first, second] = w.orders as [string, string];
    expect(
      (await call(key.finance, '/admin/api/withdrawals/approve', { order_no: first })).message,
    ).toContain('已出款');
    const waits = await call(key.finance, '/admin/api/withdrawals/approve', { order_no: second });
    expect(waits).toMatchObject({ code: 200, message: MONEY_MSG.firstApproval });
    const [firstApproval] = await auditRows('review.first-approval', second);
    expect(firstApproval?.before).toEqual({ state: ReviewState.pending });
    expect(firstApproval?.after).toMatchObject({ amount: 3000, threshold: 5000 });
    expect(await call(key.finance, '/admin/api/withdrawals/approve', { order_no: second })).toEqual({
      code: 409,
      message: MONEY_MSG.secondApprover,
    });
    const paid = await call(key.finance2, '/admin/api/withdrawals/approve', { order_no: second });
    expect(paid.message).toContain('已出款');
    const [decision] = await auditRows('withdrawals.review', second);
    expect(decision?.after).toMatchObject({ decision: 'approve', first_approved_by: names.finance });
  });

  it("one operator's concurrent approvals of one player's withdrawals are counted one after another", async () => {
    const w = await withdrawalsOf(2000, 2000, 2000, 2000, 2000, 2000);
    const answers = await Promise.all(
      w.orders.map((order_no) => call(key.finance, '/admin/api/withdrawals/approve', { order_no })),
    );
    // Two fit within 5,000; each of the others waits for a second operator.
    expect(answers.filter((a) => a.message.startsWith('已出款'))).toHaveLength(2);
    expect(answers.filter((a) => a.message === MONEY_MSG.firstApproval)).toHaveLength(4);
    expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(3_800_000n);
  });

  it('the first approval of a withdrawal above the threshold records before, in the console too', async () => {
    const w = await withdrawalsOf(6000);
    const orderNo = w.orders[0] ?? '';
    await call(key.finance, '/admin/api/review/withdrawals/claim', { order_no: orderNo });
    const first = await call(key.finance, '/admin/api/review/withdrawals/decide', {
      order_no: orderNo,
      decision: 'approve',
      note: '初审',
    });
    expect(first.data).toEqual({ outcome: 'first-approval' });
    const [row] = await auditRows('review.first-approval', orderNo);
    expect(row?.before).toEqual({ state: ReviewState.pending });
  });
});
