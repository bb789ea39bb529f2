import type { Dashboard, Report } from '@app/contract/admin/reports';
import { amountToCents } from '@app/contract/money';
import { BetStatus } from '@app/contract/status';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets } from '../src/db/schema/games';
import { users } from '../src/db/schema/users';
import { withdrawals } from '../src/db/schema/wallet';
import { HouseAccount, type HouseAccountName } from '../src/ledger/ledger';
import { SettableClock } from '../src/lib/clock';
import { computeRebates } from '../src/modules/rewards/rebates';
import {
  body,
  createTestApp,
  ingestAllBets,
  operatorKey,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

const DAY = '2026-06-20';
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
const cents = (amount: number) => amountToCents(amount) ?? -1n;

/**
 * The report of a seeded Beijing day against the ledger's own sums: what each house account moved
 * that day (deposits out of clearing, withdrawals into paid and fees, bonuses out of their expense
 * accounts, the venues' results into game results), the bets recorded and the players registered.
 */
describe.each(targets)('reports on %s', (target) => {
  let t: TestApp;
  let key = '';
  const clock = new SettableClock();
  beforeAll(async () => {
    clock.set(at('2026-06-19', '10:00'));
    t = await createTestApp(target, { clock, demo: true, env: { TEST_CLOCK: '1' } });
    key = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  const admin = (path: string, payload: object) => post(t.app, `/admin/api/${path}`, payload, key);
  const get = async (url: string, as = key) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as}` } });
  const deposit = async (token: string, amount: number) => {
    const answer = body(
      await post(
        t.app,
        '/api/recharge',
        { paytype: 'card', amount, bank_owner: '王五', bank: '中国银行' },
        token,
      ),
    );
    const order = answer.data as { deposit_no: string } | undefined;
    if (!order) throw new Error(answer.message);
    expect(body(await admin('deposits/approve', { order_no: order.deposit_no })).code).toBe(200);
  };
  /** A round at the demo venue, as it plays one, placed and settled at the clock's time. */
  const round = async (userId: number, stake: number, payout: number) =>
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE demo_venue_wallets SET balance = balance - ${stake} + ${payout} WHERE venue = 'obgdy' AND player = ${`p${userId}`}`,
      );
      await tx.execute(sql`INSERT INTO demo_venue_bets (venue, player, game_code, stake, valid, payout, detail, created_at)
        VALUES ('obgdy', ${`p${userId}`}, 'obgdy001', ${stake}, ${stake}, ${payout}, '{}', ${clock.now()})`);
    });
  const houses: HouseAccountName[] = [
    HouseAccount.depositsClearing,
    HouseAccount.withdrawalsPaid,
    HouseAccount.withdrawalFees,
    HouseAccount.promotionsExpense,
    HouseAccount.rebateExpense,
    HouseAccount.redPacketExpense,
    HouseAccount.gameResults,
  ];
  const balances = async () =>
    new Map(await Promise.all(houses.map(async (h) => [h, await t.ctx.ledger.balance(h)] as const)));

  it("equals, figure by figure, the ledger's sums and the records of the day", async () => {
    // The day before: players funded, one deposit (so that player is no first depositor today).
    const regular = await playerWithBoundCard(t, 500_00n);
    const other = await playerWithBoundCard(t, 500_00n, 'usdt');
    await deposit(regular.token, 100);
    await post(
      t.app,
      '/api/transfer',
      { amount: 300, sourcetype: 'userbalance', targettype: 'obgdy' },
      other.token,
    );
    await ingestAllBets(t.ctx);

    clock.set(at(DAY, '00:00'));
    const before = await balances();
    // The day: two registrations with deposits (one first-time), a USDT withdrawal paid with its
    // fee, rounds at a venue, a manual credit and a rebate claimed.
    clock.set(at(DAY, '09:00'));
    const newcomer = await playerWithBoundCard(t, 0n);
    // Registration stamps the database's time, not the test clock's: the seeded day is its day.
    await t.ctx.db.update(users).set({ createdAt: clock.now() }).where(eq(users.id, newcomer.userId));
    await deposit(newcomer.token, 250);
    await deposit(regular.token, 180);
    await post(
      t.app,
      '/api/withdraw',
      { amount: 120, bank: other.cardId, password: 'paypass123' },
      other.token,
    );
    const [w] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, other.userId));
    expect(body(await admin('withdrawals/approve', { order_no: w?.orderNo ?? '' })).code).toBe(200);
    clock.set(at(DAY, '13:30'));
    await round(other.userId, 100_00, 0);
    await round(other.userId, 50_00, 180_00);
    await ingestAllBets(t.ctx);
    expect(
      body(
        await admin(`players/${newcomer.userId}/adjustments`, {
          direction: 'credit',
          amount: 18.88,
          reason: '补偿',
          turnover_multiple: 1,
          key: 'report-test-credit',
        }),
      ).code,
    ).toBe(200);
    await computeRebates(t.ctx, DAY);
    expect(body(await post(t.app, '/api/dofanshui', {}, other.token)).code).toBe(200);
    clock.set(at(DAY, '23:59'));
    const after = await balances();
    // The day after: a deposit that must not count.
    clock.set(at('2026-06-21', '00:00'));
    await deposit(newcomer.token, 160);

    const moved = (h: HouseAccountName) => (after.get(h) ?? 0n) - (before.get(h) ?? 0n);
    const report = body(await get(`/admin/api/reports?from=${DAY}&to=${DAY}`)).data as Report;
    const [day] = report.days;
    if (!day) throw new Error('no day in the report');
    expect(day.day).toBe(DAY);
    const { day: _, ...figures } = day;
    expect(report.total).toEqual(figures);

    // Money: each figure is what its house account moved that day.
    expect(cents(day.deposits.amount)).toBe(-moved(HouseAccount.depositsClearing));
    expect(cents(day.deposits.amount)).toBe(cents(430));
    expect(day.deposits.count).toBe(2);
    expect(day.deposit_channels.reduce((s, c) => s + c.count, 0)).toBe(2);
    expect(cents(day.withdrawals.amount)).toBe(
      moved(HouseAccount.withdrawalsPaid) + moved(HouseAccount.withdrawalFees),
    );
    expect(cents(day.withdrawals.fees)).toBe(moved(HouseAccount.withdrawalFees));
    expect(day.withdrawals.fees).toBeGreaterThan(0);
    expect(day.withdrawals).toMatchObject({ count: 1, amount: 120 });
    expect(cents(day.net_deposits)).toBe(cents(day.deposits.amount) - cents(day.withdrawals.amount));
    expect(cents(day.game_result)).toBe(moved(HouseAccount.gameResults));
    expect(day.game_results.map((v) => v.venue)).toEqual(['obgdy']);
    expect(cents(day.bonuses.manual_credits)).toBe(-moved(HouseAccount.promotionsExpense));
    expect(cents(day.bonuses.rebates)).toBe(-moved(HouseAccount.rebateExpense));
    expect(day.bonuses.rebates).toBeGreaterThan(0);
    expect(cents(day.bonuses.red_packets)).toBe(-moved(HouseAccount.redPacketExpense));

    // Records: the day's settled bets, registrations, first deposits and players who bet.
    const start = at(DAY, '00:00');
    const end = at('2026-06-21', '00:00');
    const dayBets = await t.ctx.db
      .select()
      .from(bets)
      .where(and(eq(bets.status, BetStatus.settled), gte(bets.settledAt, start), lt(bets.settledAt, end)));
    expect(day.bets).toEqual({
      count: dayBets.length,
      stake: Number(dayBets.reduce((s, b) => s + b.betAmount, 0n)) / 100,
      valid: Number(dayBets.reduce((s, b) => s + b.validAmount, 0n)) / 100,
    });
    expect(day.bets.count).toBeGreaterThanOrEqual(2);
    // Stakes minus payouts: the players' net results, turned round.
    expect(cents(day.game_result)).toBe(-dayBets.reduce((s, b) => s + b.winLoss, 0n));
    const registered = await t.ctx.db
      .select()
      .from(users)
      .where(and(gte(users.createdAt, start), lt(users.createdAt, end)));
    expect(day.registrations).toBe(registered.length);
    expect(day.registrations).toBe(1);
    expect(day.first_depositors).toBe(1);
    expect(day.active_players).toBe(new Set(dayBets.map((b) => b.userId)).size);

    // A range: the day before and the day, each its own, and the total their sum.
    const range = body(await get(`/admin/api/reports?from=2026-06-19&to=${DAY}`)).data as Report;
    expect(range.days.map((d) => d.day)).toEqual(['2026-06-19', DAY]);
    expect(range.days[1]).toEqual(day);
    expect(range.total.deposits.amount).toBe(100 + 430);
    expect(range.total.registrations).toBe((range.days[0]?.registrations ?? 0) + 1);
    expect(await violations(t.ctx)).toEqual([]);

    // The CSV: a row a day and the total, under the columns' titles.
    const csv = await get(`/admin/api/reports/export?from=2026-06-19&to=${DAY}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('充值金额');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`${DAY},2,430.00,1,120.00`);
    expect(lines[3]?.startsWith('合计,3,530.00')).toBe(true);

    // The dashboard: today (the clock's day) against yesterday, the queues and the last 30 days.
    clock.set(at('2026-06-21', '08:00'));
    const answer = body(await get('/admin/api/dashboard'));
    if (!answer.data) throw new Error(answer.message);
    const board = answer.data as Dashboard;
    expect(board.yesterday).toEqual(day);
    expect(board.today.deposits.amount).toBe(160);
    expect(board.last_30_days).toHaveLength(30);
    expect(board.queues).toEqual({
      deposits: 0,
      withdrawals: 0,
      adjustments: 0,
      transfers: 0,
      commission_statements: 0,
    });
    await post(
      t.app,
      '/api/recharge',
      { paytype: 'card', amount: 170, bank_owner: '王五', bank: '中国银行' },
      other.token,
    );
    expect((body(await get('/admin/api/dashboard')).data as Dashboard).queues.deposits).toBe(1);
  });

  it('refuses a range backwards or too long, and 运营 and 客服 altogether', async () => {
    expect(body(await get('/admin/api/reports?from=2026-06-20&to=2026-06-19'))).toEqual({
      code: 400,
      message: '开始日期不能晚于结束日期',
    });
    expect(body(await get('/admin/api/reports?from=2026-01-01&to=2026-06-19')).code).toBe(400);
    for (const role of ['operations', 'support'] as const) {
      const other = await operatorKey(t.ctx, role);
      expect((await get(`/admin/api/reports?from=${DAY}&to=${DAY}`, other)).statusCode).toBe(403);
      expect((await get('/admin/api/dashboard', other)).statusCode).toBe(403);
    }
    const auditor = await operatorKey(t.ctx, 'auditor');
    expect((await get(`/admin/api/reports/export?from=${DAY}&to=${DAY}`, auditor)).statusCode).toBe(200);
  });
});
