import { MSG } from '@app/contract/messages';
import { REWARD_MSG, REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bets } from '../src/db/schema/games';
import { rebates } from '../src/db/schema/rewards';
import { users } from '../src/db/schema/users';
import { DAILY_JOBS } from '../src/jobs/daily-jobs';
import { computeRebates } from '../src/modules/rewards/rebates';
import { turnoverRequired } from '../src/modules/turnover/service';
import { evaluateVip } from '../src/modules/vip/evaluate';
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
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`);

describe.each(targets)('rewards on %s', (target) => {
  let t: TestApp;
  let now = at('2026-06-10', '09:00');
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true, clock: { now: () => now } });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  /** A bank deposit approved at the current test time. */
  async function depositAt(token: string, amount: number) {
    const res = await post(
      t.app,
      '/api/recharge',
      { paytype: 'card', amount, bank_owner: '王五', bank: '中国银行' },
      token,
    );
    const { deposit_no } = body(res).data as { deposit_no: string };
    await post(t.app, '/admin/api/deposits/approve', { order_no: deposit_no }, operator);
  }
  const grab = (token: string) => post(t.app, '/api/douserredpacket', {}, token);
  const info = async (token: string) =>
    body(
      await t.app.inject({
        method: 'GET',
        url: '/api/userredpacket',
        headers: { authorization: `Bearer ${token}` },
      }),
    ).data as { sendnums: number; acquirednum: number; max_times: number; window: string; recharge: number };

  /** Settled bets of a player on a Beijing day, straight into the platform's bets. */
  async function betsOn(userId: number, day: string, list: [string, number][], feed = 'T') {
    let n = 0;
    for (const [category, cents] of list) {
      const when = at(day, '15:00');
      await t.ctx.db.insert(bets).values({
        venue: 'pp',
        betId: `${feed}${userId}-${day}-${n++}`,
        userId,
        gameCode: 'pp001',
        category,
        betAmount: BigInt(cents),
        validAmount: BigInt(cents),
        winLoss: 0n,
        status: 1,
        placedAt: when,
        settledAt: when,
      });
    }
  }

  describe('red packets', () => {
    it('count deposits from 12:00 the day before to 10:00, and open only 10:00-12:00', async () => {
      const counted = await fundedPlayer(t, 0n);
      const tooEarly = await fundedPlayer(t, 0n);
      const tooLate = await fundedPlayer(t, 0n);
      now = at('2026-06-09', '11:00');
      await depositAt(tooEarly.token, 200);
      now = at('2026-06-09', '13:00');
      await depositAt(counted.token, 200);
      now = at('2026-06-10', '10:30');
      await depositAt(tooLate.token, 200);

      now = at('2026-06-10', '09:59');
      expect(body(await grab(counted.token))).toEqual({ code: 422, message: REWARD_SERVER_MSG.notStarted });
      expect(await info(counted.token)).toMatchObject({ window: 'not_started', recharge: 200, max_times: 3 });

      now = at('2026-06-10', '10:30');
      expect(await info(counted.token)).toMatchObject({ sendnums: 1, acquirednum: 0, window: 'open' });
      const won = body(await grab(counted.token)) as { code: number; data: { redpacketmoney: number } };
      expect(won.code).toBe(200);
      expect(won.data.redpacketmoney).toBeGreaterThanOrEqual(1);
      expect(won.data.redpacketmoney).toBeLessThanOrEqual(8);
      expect(await t.ctx.ledger.balance({ central: counted.userId })).toBe(
        20_000n + BigInt(Math.round(won.data.redpacketmoney * 100)),
      );
      expect(await turnoverRequired(t.ctx.db, counted.userId)).toBe(
        20_000n + BigInt(Math.round(won.data.redpacketmoney * 100)),
      );
      expect(await info(counted.token)).toMatchObject({ sendnums: 0, acquirednum: 1 });
      // Grabbed the one packet reached; the higher rules need more.
      expect(body(await grab(counted.token))).toEqual({
        code: 422,
        message: REWARD_SERVER_MSG.reachedGrabbed,
      });
      expect(body(await grab(tooEarly.token))).toEqual({ code: 422, message: REWARD_MSG.notEligible });
      expect(body(await grab(tooLate.token))).toEqual({ code: 422, message: REWARD_MSG.notEligible });

      const records = body(await post(t.app, '/api/redpacket', { page: 1 }, counted.token)).data as {
        data: { money: number; redpacketmoney: number; usetime: string }[];
      };
      expect(records.data).toEqual([
        {
          money: 200,
          redpacketmoney: won.data.redpacketmoney,
          created_at: '2026-06-10 10:30:00',
          usetime: '2026-06-10 10:30:00',
        },
      ]);

      now = at('2026-06-10', '12:00');
      expect(body(await grab(counted.token))).toEqual({ code: 422, message: REWARD_SERVER_MSG.ended });
      expect(body(await grab(tooLate.token))).toEqual({ code: 422, message: REWARD_SERVER_MSG.ended });
    });

    it('say why a grab is refused: no packet reached, every packet grabbed, or the window ended', async () => {
      now = at('2026-06-19', '13:00');
      const everything = await fundedPlayer(t, 0n);
      const nothing = await fundedPlayer(t, 0n);
      await depositAt(everything.token, 5000);
      await betsOn(everything.userId, '2026-06-19', [['concise', 1_000_000]]);

      now = at('2026-06-20', '10:30');
      expect(await info(everything.token)).toMatchObject({ sendnums: 3, max_times: 3 });
      for (let i = 0; i < 3; i++) expect(body(await grab(everything.token)).code).toBe(200);
      expect(body(await grab(everything.token))).toEqual({
        code: 422,
        message: REWARD_SERVER_MSG.allGrabbed,
      });
      expect(body(await grab(nothing.token))).toEqual({ code: 422, message: REWARD_MSG.notEligible });

      // Closed: the same answer for a player who grabbed everything and one who never grabbed.
      now = at('2026-06-20', '12:01');
      expect(body(await grab(everything.token))).toEqual({ code: 422, message: REWARD_SERVER_MSG.ended });
      expect(body(await grab(nothing.token))).toEqual({ code: 422, message: REWARD_SERVER_MSG.ended });
      expect(await info(nothing.token)).toMatchObject({ window: 'ended', sendnums: 0, acquirednum: 0 });
    });

    it('100 concurrent grabs with one remaining succeed once', async () => {
      const p = await fundedPlayer(t, 0n);
      now = at('2026-06-11', '08:00');
      await depositAt(p.token, 100);
      now = at('2026-06-11', '11:00');
      const answers = await Promise.all(Array.from({ length: 100 }, () => grab(p.token)));
      const codes = answers.map((a) => body(a).code);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 422)).toHaveLength(99);
      // Each refusal says the packet reached was grabbed, even by the grab running beside it.
      const refusals = new Set(
        answers
          .map((a) => body(a))
          .filter((b) => b.code === 422)
          .map((b) => b.message),
      );
      expect([...refusals]).toEqual([REWARD_SERVER_MSG.reachedGrabbed]);
      expect(await info(p.token)).toMatchObject({ sendnums: 0, acquirednum: 1 });
    });

    it('are refused while the switch is off', async () => {
      const p = await fundedPlayer(t, 0n);
      await post(t.app, '/admin/api/settings/site', { redpacket_switch: 0 }, operator);
      try {
        now = at('2026-06-11', '11:00');
        expect(body(await grab(p.token))).toEqual({ code: 422, message: MSG.redPacketClosed });
      } finally {
        await post(t.app, '/admin/api/settings/site', { redpacket_switch: 1 }, operator);
      }
    });
  });

  describe('rebates', () => {
    it('pay each category’s valid bets of the day times the VIP rate, once however often computed', async () => {
      const p = await fundedPlayer(t, 0n);
      // VIP 1 rates: electron 0.50 %, realperson 0.40 %, lottery 0.30 %.
      await betsOn(p.userId, '2026-06-12', [
        ['concise', 1_000_000],
        ['fishing', 234_567],
        ['realbet', 500_000],
        ['lottery', 10],
      ]);
      await betsOn(p.userId, '2026-06-13', [['concise', 999_999]]);
      now = at('2026-06-13', '00:05');
      expect(await computeRebates(t.ctx, '2026-06-12')).toEqual({ created: 3 });
      expect(await computeRebates(t.ctx, '2026-06-12')).toEqual({ created: 0 });
      const rows = await t.ctx.db.select().from(rebates).where(eq(rebates.userId, p.userId));
      // concise 1,000,000 * 0.5 % = 5,000; fishing 234,567 * 0.5 % = 1,172.8 -> 1,172;
      // realbet 500,000 * 0.4 % = 2,000; lottery 10 * 0.3 % is under a cent: no record.
      expect(rows.map((r) => [r.category, r.amount]).sort()).toEqual(
        [
          ['concise', 5_000n],
          ['fishing', 1_172n],
          ['realbet', 2_000n],
        ].sort(),
      );
    });

    it('pay a bet the feed delivered after the day’s run in a later run, once', async () => {
      const rebateJob = DAILY_JOBS.find((j) => j.name === 'rebates');
      if (!rebateJob) throw new Error('no rebate job');
      now = at('2026-06-20', '09:00');
      const p = await fundedPlayer(t, 0n);
      await betsOn(p.userId, '2026-06-20', [['concise', 100_000]]);
      now = at('2026-06-21', '00:05');
      await rebateJob.run(t.ctx, '2026-06-20');
      // A bet of 06-20 the venue's feed delivers at 09:00 on 06-21, after the day's run.
      await betsOn(p.userId, '2026-06-20', [['concise', 50_001]], 'late');
      now = at('2026-06-22', '00:05');
      await Promise.all([rebateJob.run(t.ctx, '2026-06-21'), rebateJob.run(t.ctx, '2026-06-21')]);
      await rebateJob.run(t.ctx, '2026-06-21');
      const rows = await t.ctx.db.select().from(rebates).where(eq(rebates.userId, p.userId));
      // 100,000 * 0.5 % = 500, then 150,001 * 0.5 % = 750.005 -> 750 in all: 250 more, once.
      expect(rows.map((r) => [r.day, r.part, r.validAmount, r.amount]).sort()).toEqual([
        ['2026-06-20', 1, 100_000n, 500n],
        ['2026-06-20', 2, 50_001n, 250n],
      ]);
      expect(body(await post(t.app, '/api/dofanshui', {}, p.token)).code).toBe(200);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(750n);
    });

    it('claims every unclaimed rebate once, with a 1x turnover requirement, even when asked twice at once', async () => {
      const p = await fundedPlayer(t, 0n);
      await betsOn(p.userId, '2026-06-14', [
        ['concise', 200_000],
        ['sport', 100_000],
      ]);
      now = at('2026-06-15', '00:05');
      await computeRebates(t.ctx, '2026-06-14');
      const before = body(await post(t.app, '/api/getfanshui', { date: 4, page: 1 }, p.token)).data as {
        list: { data: { gamename: string; money: number; state: number; updated_at: string }[] };
        jisuan: number;
        nojisuan: number;
      };
      expect(before).toMatchObject({ jisuan: 0, nojisuan: 14 });
      expect(before.list.data.map((r) => [r.gamename, r.money, r.state, r.updated_at]).sort()).toEqual([
        ['体育赛事', 4, 0, ''],
        ['电子游戏', 10, 0, ''],
      ]);
      const answers = await Promise.all([1, 2, 3].map(() => post(t.app, '/api/dofanshui', {}, p.token)));
      expect(answers.map((a) => body(a).code).sort()).toEqual([200, 422, 422]);
      expect(answers.map((a) => body(a).message)).toContain(REWARD_MSG.nothingToClaim);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(1_400n);
      expect(await turnoverRequired(t.ctx.db, p.userId)).toBe(1_400n);
      const after = body(await post(t.app, '/api/getfanshui', { type: 1 }, p.token)).data as {
        jisuan: number;
        nojisuan: number;
        list: { total: number };
      };
      expect(after).toMatchObject({ jisuan: 14, nojisuan: 0, list: { total: 2 } });
    });
  });

  describe('VIP', () => {
    it('promotes one level a day when deposits and turnover reach it, and relegates after 90 days without the retention turnover', async () => {
      // Registered within the week before (a session lasts that long).
      now = at('2026-06-25', '08:00');
      const p = await fundedPlayer(t, 0n);
      // Enough for level 3 (5,000 deposited, 50,000 turnover): one level a day.
      await depositAt(p.token, 5_000);
      await betsOn(p.userId, '2026-07-01', [['concise', 5_000_000]]);
      const level = async () =>
        (await t.ctx.db.select({ vip: users.vip }).from(users).where(eq(users.id, p.userId)))[0]?.vip;
      now = at('2026-07-02', '00:05');
      await evaluateVip(t.ctx, '2026-07-01');
      expect(await level()).toBe(2);
      await evaluateVip(t.ctx, '2026-07-01');
      expect(await level()).toBe(2);
      await evaluateVip(t.ctx, '2026-07-02');
      expect(await level()).toBe(3);
      await evaluateVip(t.ctx, '2026-07-03');
      expect(await level()).toBe(3);
      const user = body(await post(t.app, '/api/user', {}, p.token)).data as {
        vip: number;
        current_vip: string;
      };
      expect(user).toMatchObject({ vip: 3, current_vip: 'VIP3' });

      // Level 3 began at 2026-07-03 00:00 and keeps itself with 20,000 of turnover in 90 days; none comes.
      await evaluateVip(t.ctx, '2026-09-29');
      expect(await level()).toBe(3);
      await evaluateVip(t.ctx, '2026-09-30');
      expect(await level()).toBe(2);
      await evaluateVip(t.ctx, '2026-10-01');
      expect(await level()).toBe(2);
      // Earned back with level 3's retention turnover (20,000) after the relegation.
      await betsOn(p.userId, '2026-10-05', [['concise', 2_000_000]]);
      await evaluateVip(t.ctx, '2026-10-04');
      expect(await level()).toBe(2);
      await evaluateVip(t.ctx, '2026-10-05');
      expect(await level()).toBe(3);
    });
  });
});
