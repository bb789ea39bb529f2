import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ReviewState } from '@app/contract/status';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/operators';
import { withdrawals } from '../src/db/schema/wallet';
import { HouseAccount } from '../src/ledger/ledger';
import { systemClock } from '../src/lib/clock';
import { withdrawalState } from '../src/modules/withdrawals/service';
import { ConsoleClient } from './console';
import {
  body,
  createTestApp,
  operatorKey,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

/** An operator's API key, made in each suite's beforeAll. */
let operator = '';
const BOOTSTRAP = 'bootstrap-token-for-ops-tests-012345';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe.each(targets)('operator review of withdrawals on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const admin = (what: string, orderNo: string) =>
    post(t.app, `/admin/api/withdrawals/${what}`, { order_no: orderNo }, operator);

  async function pendingWithdrawal(card: 'bank' | 'usdt', amount: number) {
    const p = await playerWithBoundCard(t, 100_000n, card);
    await post(t.app, '/api/withdraw', { amount, bank: p.cardId, password: 'paypass123' }, p.token);
    const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId));
    if (!row) throw new Error('withdrawal not recorded');
    return { ...p, orderNo: row.orderNo };
  }

  it('approval pays out once, keeping the USDT fee', async () => {
    const paidBefore = await t.ctx.ledger.balance(HouseAccount.withdrawalsPaid);
    const feesBefore = await t.ctx.ledger.balance(HouseAccount.withdrawalFees);
    const w = await pendingWithdrawal('usdt', 300);
    expect(body(await admin('approve', w.orderNo)).message).toContain('已出款');
    expect(body(await admin('approve', w.orderNo)).message).toContain('未重复出款');
    expect(body(await admin('reject', w.orderNo)).code).toBe(422);
    expect(await t.ctx.ledger.balance(HouseAccount.withdrawalsPaid)).toBe(paidBefore + 29_900n);
    expect(await t.ctx.ledger.balance(HouseAccount.withdrawalFees)).toBe(feesBefore + 100n);
    expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(70_000n);
    const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.orderNo, w.orderNo));
    const reservation = await t.ctx.ledger.find(row?.pendingKey ?? '');
    expect(reservation && withdrawalState(reservation.state)).toBe(ReviewState.approved);
  });

  it('rejection returns the money to the central wallet once', async () => {
    const w = await pendingWithdrawal('bank', 250);
    expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(75_000n);
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin('reject', w.orderNo)));
    expect(answers.map((a) => body(a).code)).toEqual(Array(10).fill(200));
    expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(100_000n);
    expect(body(await admin('approve', w.orderNo)).code).toBe(422);
  });

  it('lists pending withdrawals with where the money goes, and refuses without the token', async () => {
    const w = await pendingWithdrawal('bank', 120);
    const list = await t.app.inject({
      method: 'GET',
      url: '/admin/api/withdrawals',
      headers: { authorization: `Bearer ${operator}` },
    });
    const rows = body(list).data as { order_no: string; username: string; to: string; amount: number }[];
    expect(rows.find((r) => r.order_no === w.orderNo)).toMatchObject({
      username: w.name,
      amount: 120,
      to: expect.stringContaining('中国银行'),
    });
    expect(
      (await post(t.app, '/admin/api/withdrawals/approve', { order_no: w.orderNo }, 'wrong')).statusCode,
    ).toBe(401);
  });
});

describe('npm run ops against a running server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { demo: true, listen: true, env: { ADMIN_TOKEN: BOOTSTRAP } });
    operator = await operatorKey(t.ctx, 'finance');
  });
  afterAll(() => t.close());

  const ops = async (...args: string[]) => opsWith({ OPS_API_KEY: operator }, ...args);
  const opsWith = async (credentials: Record<string, string>, ...args: string[]) => {
    const env = {
      PATH: process.env.PATH ?? '',
      ...credentials,
      OPS_URL: t.ctx.config.publicUrl,
      NODE_ENV: 'test',
    };
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/ops.ts', ...args],
        { cwd: root, env },
      );
      return { code: 0, out: stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  it('lists, approves and rejects deposits and withdrawals, each once, the ledger staying whole', async () => {
    const w = await playerWithBoundCard(t, 100_000n);
    await post(t.app, '/api/withdraw', { amount: 100, bank: w.cardId, password: 'paypass123' }, w.token);
    const deposit = async () =>
      (
        body(
          await post(
            t.app,
            '/api/recharge',
            { paytype: 'card', amount: 200, bank_owner: '王五', bank: '中国银行' },
            w.token,
          ),
        ).data as { deposit_no: string }
      ).deposit_no;
    const [approveMe, rejectMe] = [await deposit(), await deposit()];

    const listed = await ops('deposits');
    expect(listed.out).toContain(approveMe);
    expect(listed.out).toContain(rejectMe);
    expect(await ops('approve-deposit', approveMe)).toMatchObject({
      code: 0,
      out: expect.stringContaining('已入账'),
    });
    expect(await ops('approve-deposit', approveMe)).toMatchObject({
      code: 0,
      out: expect.stringContaining('未重复入账'),
    });
    expect(await ops('reject-deposit', rejectMe, '未到账')).toMatchObject({
      code: 0,
      out: expect.stringContaining('已拒绝'),
    });
    expect(await ops('approve-deposit', rejectMe)).toMatchObject({
      code: 1,
      out: expect.stringContaining('订单已关闭'),
    });

    const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, w.userId));
    expect((await ops('withdrawals')).out).toContain(row?.orderNo);
    expect(await ops('reject-withdrawal', row?.orderNo ?? '')).toMatchObject({
      code: 0,
      out: expect.stringContaining('退回'),
    });
    expect(await t.ctx.ledger.balance({ central: w.userId })).toBe(120_000n);
    expect(await ops('bogus')).toMatchObject({ code: 1, out: expect.stringContaining('用法') });
    expect(await violations(t.ctx)).toEqual([]);

    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, approveMe));
    // The repeat moved nothing and wrote nothing: one decision, one audit row.
    expect(audited.map((a) => [a.action, a.via.startsWith('api-key:')])).toEqual([['deposits.review', true]]);
  }, 120_000); // nine runs of the CLI, each a Node start

  it('refuses the review commands without an operator key, and with the bootstrap token', async () => {
    expect(await opsWith({}, 'deposits')).toMatchObject({
      code: 1,
      out: expect.stringContaining('OPS_API_KEY'),
    });
    expect(await opsWith({ OPS_API_KEY: BOOTSTRAP }, 'deposits')).toMatchObject({
      code: 1,
      out: expect.stringContaining('请先登录'),
    });
  });

  it('creates an operator with the bootstrap token, who signs in with the printed password and TOTP secret', async () => {
    const created = await opsWith(
      { ADMIN_TOKEN: BOOTSTRAP },
      'create-operator',
      'newboss',
      '--role',
      '超级管理员',
    );
    expect(created.code).toBe(0);
    const password = /一次性密码:\s+(\S+)/.exec(created.out)?.[1] ?? '';
    const secret = /两步验证密钥:\s+(\S+)/.exec(created.out)?.[1] ?? '';
    expect(created.out).toContain('otpauth://totp/');
    const code = await opsWith({}, 'totp', secret);
    expect(code.out.trim()).toBe(await generate({ secret }));

    const client = new ConsoleClient(t.app);
    await client.signIn('newboss', password, secret, systemClock);
    expect(client.state).toMatchObject({
      stage: 'active',
      operator: { username: 'newboss', role: 'superadmin' },
    });
    expect(
      await opsWith({ ADMIN_TOKEN: BOOTSTRAP }, 'create-operator', 'other', '--role', 'boss'),
    ).toMatchObject({
      code: 1,
      out: expect.stringContaining('角色须为'),
    });
  });
});
