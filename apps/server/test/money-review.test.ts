import { OPERATOR_MSG } from '@app/contract/admin/auth';
import { MONEY_MSG } from '@app/contract/admin/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adjustments } from '../src/db/schema/money-review';
import { auditLog } from '../src/db/schema/operators';
import { withdrawals } from '../src/db/schema/wallet';
import { HouseAccount } from '../src/ledger/ledger';
import { SettableClock } from '../src/lib/clock';
import {
  body,
  createTestApp,
  type Envelope,
  fundedPlayer,
  operatorWithKey,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

/**
 * The console's money review (issue 17): queues with filters, claims that keep an order for one
 * operator, decisions taken once with their audit row, four-eyes approvals, manual adjustments,
 * withdrawal risk, venue transfers awaiting settlement and a player's ledger history.
 */
describe.each(targets)('money review on %s', (target) => {
  let t: TestApp;
  const clock = new SettableClock();
  /** API keys of operators: two of finance, a superadmin and an auditor. */
  const key = { finance: '', finance2: '', superadmin: '', auditor: '' };
  const names = { finance: '', finance2: '', superadmin: '' };

  beforeAll(async () => {
    t = await createTestApp(target, { clock, demo: true });
    const f1 = await operatorWithKey(t.ctx, 'finance');
    const f2 = await operatorWithKey(t.ctx, 'finance');
    key.finance = f1.key;
    key.finance2 = f2.key;
    names.finance = f1.username;
    names.finance2 = f2.username;
    const admin = await operatorWithKey(t.ctx, 'superadmin');
    key.superadmin = admin.key;
    names.superadmin = admin.username;
    key.auditor = (await operatorWithKey(t.ctx, 'auditor')).key;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const call = async (k: string, url: string, payload?: object): Promise<Envelope> =>
    body(
      payload === undefined
        ? await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${k}` } })
        : await post(t.app, url, payload, k),
    );
  const claim = (k: string, queue: string, orderNo: string) =>
    call(k, `/admin/api/review/${queue}/claim`, { order_no: orderNo });
  const decide = (k: string, queue: string, orderNo: string, decision: 'approve' | 'reject') =>
    call(k, `/admin/api/review/${queue}/decide`, { order_no: orderNo, decision, note: `审核${decision}` });
  const rows = (env: Envelope) => (env.data as { data: Record<string, unknown>[] }).data;
  const auditRows = (action: string, targetId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  async function bankDeposit(amount: number) {
    const p = await fundedPlayer(t, 0n);
    const env = body(
      await post(
        t.app,
        '/api/recharge',
        { paytype: 'card', amount, bank_owner: '李四', bank: '招商银行' },
        p.token,
      ),
    );
    if (env.code !== 200) throw new Error(`deposit: ${env.message}`);
    return { ...p, orderNo: (env.data as { deposit_no: string }).deposit_no };
  }

  async function pendingWithdrawal(amount: number, funded = 1_000_000n) {
    const p = await playerWithBoundCard(t, funded, 'bank');
    const env = body(
      await post(t.app, '/api/withdraw', { amount, bank: p.cardId, password: 'paypass123' }, p.token),
    );
    const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId));
    if (!row) throw new Error(`withdrawal not recorded: ${env.message}`);
    return { ...p, orderNo: row.orderNo };
  }

  describe('queues', () => {
    it('lists pending bank deposits with their filters, and online orders with the gateway status', async () => {
      const d = await bankDeposit(321);
      const mine = rows(await call(key.auditor, `/admin/api/review/deposits?player=${d.name}`));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        order_no: d.orderNo,
        username: d.name,
        channel_kind: '银行转账',
        amount: 321,
        state: 1,
        gateway_status: '',
        claimed_by: '',
      });
      const filtered = (q: string) =>
        call(key.auditor, `/admin/api/review/deposits?player=${d.name}&${q}`).then((e) => rows(e).length);
      expect(await filtered('min_amount=321&max_amount=321')).toBe(1);
      expect(await filtered('min_amount=322')).toBe(0);
      expect(await filtered('channel=usdt')).toBe(0);
      expect(await filtered('channel=bank')).toBe(1);
      expect(await filtered('state=2')).toBe(0);
      expect(await filtered('from=2000-01-01&to=2000-01-02')).toBe(0);

      const p = await fundedPlayer(t, 0n);
      await post(t.app, '/api/recharge', { paytype: 'dcep', amount: 500 }, p.token);
      const [online] = rows(await call(key.auditor, `/admin/api/review/deposits?player=${p.name}`));
      expect(online).toMatchObject({ channel_kind: '在线支付', gateway_status: '等待支付', reviewable: 0 });
      const refused = await claim(key.finance, 'deposits', String(online?.order_no));
      expect(refused).toEqual({ code: 409, message: MONEY_MSG.onlineNotReviewable });
    });

    it('refuses bad filters with a Chinese message', async () => {
      const env = await call(key.auditor, '/admin/api/review/deposits?from=yesterday');
      expect(env.code).toBe(400);
      expect(env.message).toContain('日期格式应为 YYYY-MM-DD');
    });

    it('lets the auditor read the queues but neither claim nor decide', async () => {
      const d = await bankDeposit(100);
      expect(await claim(key.auditor, 'deposits', d.orderNo)).toEqual({
        code: 403,
        message: OPERATOR_MSG.forbidden,
      });
      expect((await decide(key.auditor, 'deposits', d.orderNo, 'approve')).code).toBe(403);
    });
  });

  describe('claims and decisions', () => {
    it('a claimed deposit cannot be decided by another operator until the claim runs out', async () => {
      const d = await bankDeposit(200);
      expect(await decide(key.finance, 'deposits', d.orderNo, 'approve')).toEqual({
        code: 409,
        message: MONEY_MSG.claimFirst,
      });
      expect((await claim(key.finance, 'deposits', d.orderNo)).code).toBe(200);
      const [row] = rows(await call(key.finance2, `/admin/api/review/deposits?player=${d.name}`));
      expect(row?.claimed_by).toBe(names.finance);
      expect(await claim(key.finance2, 'deposits', d.orderNo)).toEqual({
        code: 409,
        message: MONEY_MSG.claimedByOther(names.finance),
      });
      expect(await decide(key.finance2, 'deposits', d.orderNo, 'approve')).toEqual({
        code: 409,
        message: MONEY_MSG.claimedByOther(names.finance),
      });
      expect(await t.ctx.ledger.balance({ central: d.userId })).toBe(0n);

      clock.set(new Date(Date.now() + 6 * 60_000));
      try {
        expect((await claim(key.finance2, 'deposits', d.orderNo)).code).toBe(200);
        expect((await decide(key.finance, 'deposits', d.orderNo, 'approve')).code).toBe(409);
        expect(await decide(key.finance2, 'deposits', d.orderNo, 'reject')).toMatchObject({
          code: 200,
          message: '已拒绝',
        });
      } finally {
        clock.set(new Date());
      }
      expect(await t.ctx.ledger.balance({ central: d.userId })).toBe(0n);
      const [audit] = await auditRows('deposits.review', d.orderNo);
      expect(audit).toMatchObject({ operatorName: names.finance2, reason: '审核reject' });
      expect((await auditRows('review.claim', d.orderNo)).map((r) => r.operatorName)).toEqual([
        names.finance,
        names.finance2,
      ]);
    });

    it('of operators claiming one order at once, one holds it', async () => {
      const d = await bankDeposit(150);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          claim(i % 2 ? key.finance : key.finance2, 'deposits', d.orderNo),
        ),
      );
      const holders = answers.filter((a) => a.code === 200);
      // One operator holds it; their own repeated claims renew it, the other's are refused.
      const [row] = rows(await call(key.auditor, `/admin/api/review/deposits?player=${d.name}`));
      const holderKey = row?.claimed_by === names.finance ? key.finance : key.finance2;
      expect(holders.length).toBe(10);
      expect(
        answers.filter((_, i) => (i % 2 ? key.finance : key.finance2) !== holderKey).map((a) => a.code),
      ).toEqual(Array(10).fill(409));
    });

    it('20 decisions of one deposit at the same moment credit it once, with one audit row', async () => {
      const d = await bankDeposit(880);
      expect((await claim(key.finance, 'deposits', d.orderNo)).code).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          decide(
            i % 3 === 2 ? key.finance2 : key.finance,
            'deposits',
            d.orderNo,
            i % 2 ? 'reject' : 'approve',
          ),
        ),
      );
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 409)).toBe(true);
      const decided = answers.find((a) => a.code === 200);
      const balance = await t.ctx.ledger.balance({ central: d.userId });
      expect(balance).toBe(decided?.message === '已通过' ? 88_000n : 0n);
      expect(await auditRows('deposits.review', d.orderNo)).toHaveLength(1);
    });

    it('20 decisions of one withdrawal at the same moment move its money once', async () => {
      const w = await pendingWithdrawal(300);
      const paidBefore = await t.ctx.ledger.balance(HouseAccount.withdrawalsPaid);
      expect((await claim(key.finance2, 'withdrawals', w.orderNo)).code).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          decide(key.finance2, 'withdrawals', w.orderNo, i % 2 ? 'reject' : 'approve'),
        ),
      );
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      const approved = answers.find((a) => a.code === 200)?.message === '已通过';
      expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(approved ? 970_000n : 1_000_000n);
      expect(await t.ctx.ledger.balance(HouseAccount.withdrawalsPaid)).toBe(
        paidBefore + (approved ? 30_000n : 0n),
      );
      const [row] = rows(await call(key.auditor, `/admin/api/review/withdrawals?player=${w.name}&state=0`));
      expect(row).toMatchObject({ state: approved ? 2 : 3, decided_by: names.finance2, claimed_by: '' });
      expect(await auditRows('withdrawals.review', w.orderNo)).toHaveLength(1);
    });

    it('a decision without a note changes nothing and says why in Chinese', async () => {
      const d = await bankDeposit(100);
      await claim(key.finance, 'deposits', d.orderNo);
      const env = await call(key.finance, '/admin/api/review/deposits/decide', {
        order_no: d.orderNo,
        decision: 'approve',
      });
      expect(env).toMatchObject({ code: 400 });
      expect(env.message).toContain('请填写操作原因');
      expect(await t.ctx.ledger.balance({ central: d.userId })).toBe(0n);
    });
  });

  describe('four-eyes', () => {
    beforeAll(async () => {
      const set = await call(key.superadmin, '/admin/api/review/settings', {
        four_eyes_threshold: 1000,
        reason: '测试双人复核',
      });
      expect(set.code).toBe(200);
    });

    it('a withdrawal above the threshold needs a second, different operator', async () => {
      const w = await pendingWithdrawal(1500);
      await claim(key.finance, 'withdrawals', w.orderNo);
      expect(await decide(key.finance, 'withdrawals', w.orderNo, 'approve')).toMatchObject({
        code: 200,
        message: MONEY_MSG.firstApproval,
        data: { outcome: 'first-approval' },
      });
      expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(850_000n);
      const [row] = rows(await call(key.auditor, `/admin/api/review/withdrawals?player=${w.name}`));
      expect(row).toMatchObject({ state: 1, four_eyes: `已初审：${names.finance}`, claimed_by: '' });
      expect(await claim(key.finance, 'withdrawals', w.orderNo)).toEqual({
        code: 409,
        message: MONEY_MSG.secondApprover,
      });

      // The second approvers: of two claiming at once one holds it, and 20 decisions pay out once.
      const claims = await Promise.all([
        claim(key.finance2, 'withdrawals', w.orderNo),
        claim(key.superadmin, 'withdrawals', w.orderNo),
      ]);
      expect(claims.filter((c) => c.code === 200)).toHaveLength(1);
      const second = claims[0]?.code === 200 ? key.finance2 : key.superadmin;
      const paidBefore = await t.ctx.ledger.balance(HouseAccount.withdrawalsPaid);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          decide(i % 4 ? second : key.finance, 'withdrawals', w.orderNo, 'approve'),
        ),
      );
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.find((a) => a.code === 200)?.data).toEqual({ outcome: 'decided' });
      expect(await t.ctx.ledger.balance(HouseAccount.withdrawalsPaid)).toBe(paidBefore + 150_000n);
      const [decision] = await auditRows('withdrawals.review', w.orderNo);
      expect(decision?.after).toMatchObject({ decision: 'approve', first_approved_by: names.finance });
      expect(await auditRows('review.first-approval', w.orderNo)).toHaveLength(1);
    });

    it('a script cannot approve a withdrawal above the threshold on its own', async () => {
      const w = await pendingWithdrawal(1500);
      const first = await call(key.finance, '/admin/api/withdrawals/approve', { order_no: w.orderNo });
      expect(first).toEqual({ code: 200, message: MONEY_MSG.firstApproval });
      const again = await call(key.finance, '/admin/api/withdrawals/approve', { order_no: w.orderNo });
      expect(again).toEqual({ code: 409, message: MONEY_MSG.secondApprover });
      expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(850_000n);
      const [row] = rows(await call(key.auditor, `/admin/api/review/withdrawals?player=${w.name}`));
      expect(row?.state).toBe(1);
      const paid = await call(key.finance2, '/admin/api/withdrawals/approve', { order_no: w.orderNo });
      expect(paid.message).toContain('已出款');
    });

    it('a withdrawal at the threshold is paid out by one approval; a rejection never needs two', async () => {
      const w = await pendingWithdrawal(1000);
      await claim(key.finance, 'withdrawals', w.orderNo);
      expect((await decide(key.finance, 'withdrawals', w.orderNo, 'approve')).data).toEqual({
        outcome: 'decided',
      });
      const big = await pendingWithdrawal(2000);
      await claim(key.finance, 'withdrawals', big.orderNo);
      expect((await decide(key.finance, 'withdrawals', big.orderNo, 'reject')).data).toEqual({
        outcome: 'decided',
      });
      expect(await t.ctx.ledger.balance({ central: big.userId })).toBe(1_000_000n);
    });

    it('an adjustment above the threshold waits for a second operator, who applies it once', async () => {
      const p = await fundedPlayer(t, 0n);
      const asked = await call(key.finance, `/admin/api/players/${p.userId}/adjustments`, {
        direction: 'credit',
        amount: 2000,
        turnover_multiple: 3,
        reason: '活动补偿',
      });
      expect(asked).toMatchObject({ code: 200, data: { state: 'pending' } });
      const id = (asked.data as { id: number }).id;
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
      const listed = rows(await call(key.auditor, `/admin/api/adjustments?player_id=${p.userId}`));
      expect(listed[0]).toMatchObject({ id, state: '待复核', amount: 2000, requested_by: names.finance });
      expect(listed[0]).toMatchObject({ username: p.name, decided_by: '' });

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(
            [key.finance, key.finance2, key.superadmin][i % 3] ?? '',
            `/admin/api/adjustments/${id}/decide`,
            {
              decision: 'approve',
              note: '核实无误',
            },
          ),
        ),
      );
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.filter((_, i) => i % 3 === 0).every((a) => a.message === MONEY_MSG.secondApprover)).toBe(
        true,
      );
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(200_000n);
      expect(await auditRows('adjustments.approve', String(id))).toHaveLength(1);
      const [decided] = rows(
        await call(key.auditor, `/admin/api/adjustments?player_id=${p.userId}&state=applied`),
      );
      expect([names.finance2, names.superadmin]).toContain(decided?.decided_by);
      expect(decided).toMatchObject({ username: p.name, requested_by: names.finance });
    });
  });

  describe('manual adjustments', () => {
    it('a credit at or below the threshold is applied at once with its turnover; a debit only while covered', async () => {
      const p = await fundedPlayer(t, 10_000n);
      const credit = await call(key.finance, `/admin/api/players/${p.userId}/adjustments`, {
        direction: 'credit',
        amount: 50,
        turnover_multiple: 2,
        reason: '客诉补偿',
      });
      expect(credit).toMatchObject({ code: 200, data: { state: 'applied' } });
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(15_000n);

      const before = await t.ctx.db.select().from(adjustments).where(eq(adjustments.userId, p.userId));
      const tooMuch = await call(key.finance, `/admin/api/players/${p.userId}/adjustments`, {
        direction: 'debit',
        amount: 200,
        reason: '误加扣回',
      });
      expect(tooMuch).toEqual({ code: 409, message: MONEY_MSG.insufficient });
      const after = await t.ctx.db.select().from(adjustments).where(eq(adjustments.userId, p.userId));
      expect(after).toHaveLength(before.length);

      const debit = await call(key.finance, `/admin/api/players/${p.userId}/adjustments`, {
        direction: 'debit',
        amount: 100,
        reason: '误加扣回',
      });
      expect(debit.code).toBe(200);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(5_000n);
      const [audit] = await auditRows('adjustments.request', String(p.userId));
      expect(audit?.reason).toBe('客诉补偿');
    });

    it('refuses an adjustment without a reason, or with a bad amount, and moves nothing', async () => {
      const p = await fundedPlayer(t, 0n);
      for (const payload of [
        { direction: 'credit', amount: 10 },
        { direction: 'credit', amount: -5, reason: '测试原因' },
        { direction: 'credit', amount: 1.234, reason: '测试原因' },
        { direction: 'sideways', amount: 10, reason: '测试原因' },
      ]) {
        const env = await call(key.finance, `/admin/api/players/${p.userId}/adjustments`, payload);
        expect(env.code, JSON.stringify(payload)).toBe(400);
      }
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
    });
  });

  describe('the player ledger and withdrawal risk', () => {
    it('pages a player’s ledger history newest first', async () => {
      const p = await fundedPlayer(t, 0n);
      for (const amount of [1, 2, 3, 4, 5, 6, 7]) {
        await call(key.finance, `/admin/api/players/${p.userId}/adjustments`, {
          direction: 'credit',
          amount,
          turnover_multiple: 0,
          reason: `第${amount}笔`,
        });
      }
      const first = (await call(key.auditor, `/admin/api/players/${p.userId}/ledger?limit=5`)).data as {
        entries: { amount: number; kind_label: string; memo: string }[];
        next: number | null;
      };
      expect(first.entries.map((e) => e.amount)).toEqual([7, 6, 5, 4, 3]);
      expect(first.entries[0]).toMatchObject({ kind_label: '人工加款', memo: '第7笔' });
      const second = (
        await call(key.auditor, `/admin/api/players/${p.userId}/ledger?limit=5&before=${first.next}`)
      ).data as { entries: { amount: number }[]; next: number | null };
      expect(second.entries.map((e) => e.amount)).toEqual([2, 1]);
      expect(second.next).toBeNull();
    });

    it('shows a withdrawal’s risk: turnover, 30 days of money, changes and players sharing the card', async () => {
      const other = await playerWithBoundCard(t, 0n, 'bank');
      const p = await playerWithBoundCard(t, 100_000n, 'bank');
      await post(t.app, '/api/withdraw', { amount: 100, bank: p.cardId, password: 'paypass123' }, p.token);
      const [w] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId));
      // A deposit approved after the request: the turnover requirement and the 30 days show it.
      const d = body(
        await post(
          t.app,
          '/api/recharge',
          { paytype: 'card', amount: 500, bank_owner: '王五', bank: '中国银行' },
          p.token,
        ),
      ).data as { deposit_no: string };
      await claim(key.finance, 'deposits', d.deposit_no);
      expect((await decide(key.finance, 'deposits', d.deposit_no, 'approve')).code).toBe(200);

      const risk = (await call(key.auditor, `/admin/api/review/withdrawals/${w?.orderNo}/risk`)).data as {
        username: string;
        turnover_required: number;
        account_age_days: number;
        last_30_days: { deposits: number; deposit_count: number; withdrawals: number };
        recent_changes: { what: string }[];
        shared_with: { username: string; via: string }[];
        four_eyes: { required: boolean };
      };
      expect(risk).toMatchObject({ username: p.name, turnover_required: 500, account_age_days: 0 });
      expect(risk.last_30_days).toMatchObject({ deposits: 500, deposit_count: 1, withdrawals: 0 });
      expect(risk.recent_changes.map((c) => c.what)).toContain('绑定 中国银行 6013820800012345678');
      expect(risk.shared_with).toContainEqual(
        expect.objectContaining({ username: other.name, via: '同一收款账户 6013820800012345678' }),
      );
      expect(risk.four_eyes.required).toBe(false);
      expect((await call(key.auditor, '/admin/api/review/withdrawals/NOPE/risk')).code).toBe(404);
    });
  });

  describe('venue transfers awaiting settlement', () => {
    it('lists a transfer whose answer never came, with its age, and settles it by asking the venue', async () => {
      const p = await fundedPlayer(t, 100_000n);
      t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'timeout_after_apply' };
      await post(
        t.app,
        '/api/transfer',
        { amount: 40, sourcetype: 'userbalance', targettype: 'pp' },
        p.token,
      );
      t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
      const listed = rows(await call(key.auditor, '/admin/api/transfers/pending'));
      const mine = listed.find((r) => r.username === p.name);
      expect(mine).toMatchObject({ amount: 40, direction: '转入场馆' });
      expect(String(mine?.age)).toMatch(/分钟/);
      const settled = await call(key.finance, `/admin/api/transfers/${mine?.order_no}/settle`, {});
      expect(settled).toMatchObject({ code: 200, data: { state: 'success' } });
      expect(
        rows(await call(key.auditor, '/admin/api/transfers/pending')).some((r) => r.username === p.name),
      ).toBe(false);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(96_000n);
      expect((await call(key.finance, '/admin/api/transfers/NOPE/settle', {})).code).toBe(404);
    });
  });
});
