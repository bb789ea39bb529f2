import { ACCOUNT_SERVER_MSG } from '@app/contract/account-rules';
import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { SERVER_MSG } from '@app/contract/messages';
import { PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentApplications } from '../src/db/schema/content';
import { deposits } from '../src/db/schema/payments';
import { sessions, users } from '../src/db/schema/users';
import { cards, withdrawals } from '../src/db/schema/wallet';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  fundedPlayer,
  playerWithBoundCard,
  post,
  registerPlayer,
  type TestApp,
  targets,
  violations,
} from './harness';

/**
 * Every counter-based rule, hit by 20 requests at once through the HTTP stack: what a player
 * observes is what the rule promises one request at a time (DESIGN.md section 9; issue 12, point 4).
 */
const AT_ONCE = 20;
/** The right password's place among 19 wrong ones. */
const RIGHT_AT = 14;

const messages = (answers: LightMyRequestResponse[]) => answers.map((a) => body(a).message);
const counted = (list: string[]) =>
  list.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<string, number>());

describe.each(targets)('limits under concurrency on %s', (target) => {
  let t: TestApp;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  beforeAll(async () => {
    // Demo data: the receiving accounts that deposit orders name.
    t = await createTestApp(target, { demo: true, clock });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const atOnce = (send: (i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(i)));
  const password = (i: number, right: string) => (i === RIGHT_AT ? right : `wrong-${i}-pass`);

  /**
   * The 19 wrong answers at once, and the right one among them once the wrong ones hold all five
   * slots: which of 20 concurrent requests reaches the database first is the pool's choice, and a
   * right answer that wins a slot before five wrong ones is accepted (that is the rule, and not what
   * these tests check).
   */
  async function wrongAtOnceThenRight(
    send: (i: number) => Promise<LightMyRequestResponse>,
    userId: number,
    slots: 'login' | 'pay',
  ): Promise<LightMyRequestResponse[]> {
    const wrong = Array.from({ length: AT_ONCE }, (_, i) => (i === RIGHT_AT ? undefined : send(i)));
    const held =
      slots === 'login'
        ? sql<number>`${users.failedLogins} + ${users.loginChecks}`
        : sql<number>`${users.failedPayPasswords} + ${users.payChecks}`;
    for (const until = Date.now() + 10_000; Date.now() < until; ) {
      const [row] = await t.ctx.db.select({ held }).from(users).where(eq(users.id, userId));
      if (Number(row?.held) >= 5) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    wrong[RIGHT_AT] = send(RIGHT_AT);
    return Promise.all(wrong as Promise<LightMyRequestResponse>[]);
  }

  /**
   * 19 wrong pay passwords and the right one: five are checked (4, 3, 2, 1 tries left, then the
   * lock), every other answer, the right one included, is the lock.
   */
  function expectPayPasswordLock(answers: LightMyRequestResponse[]) {
    const seen = counted(messages(answers));
    for (const left of [4, 3, 2, 1]) expect(seen.get(WALLET_SERVER_MSG.payPasswordWrong(left))).toBe(1);
    expect(seen.get(WALLET_SERVER_MSG.payPasswordLocked)).toBe(AT_ONCE - 4);
    expect(body(answers[RIGHT_AT] as LightMyRequestResponse)).toEqual({
      code: 429,
      message: WALLET_SERVER_MSG.payPasswordLocked,
    });
  }

  it('withdrawals: 19 wrong pay passwords and the right one at once check five and create nothing', async () => {
    const p = await playerWithBoundCard(t, 100_000n);
    const answers = await wrongAtOnceThenRight(
      (i) =>
        post(
          t.app,
          '/api/withdraw',
          { amount: 100, bank: p.cardId, password: password(i, 'paypass123') },
          p.token,
        ),
      p.userId,
      'pay',
    );
    expectPayPasswordLock(answers);
    expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId))).toEqual([]);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(100_000n);
    const after = await post(
      t.app,
      '/api/withdraw',
      { amount: 100, bank: p.cardId, password: 'paypass123' },
      p.token,
    );
    expect(body(after)).toEqual({ code: 429, message: WALLET_SERVER_MSG.payPasswordLocked });
  });

  it('card binds and pay-password changes count against the same five', async () => {
    const p = await fundedPlayer(t, 0n);
    const answers = await wrongAtOnceThenRight(
      (i) =>
        i % 2 === 0
          ? post(
              t.app,
              '/api/bindcard',
              {
                bank_owner: '王五',
                bank: '中国银行',
                bank_no: `60138208000${String(i).padStart(8, '0')}`,
                bank_address: '北京分行',
                pay_pass: password(i, 'paypass123'),
              },
              p.token,
            )
          : post(
              t.app,
              '/api/editPayPassword',
              { password: password(i, 'paypass123'), paypassword: 'newpay123' },
              p.token,
            ),
      p.userId,
      'pay',
    );
    expectPayPasswordLock(answers);
    expect(await t.ctx.db.select().from(cards).where(eq(cards.userId, p.userId))).toEqual([]);
  });

  it('the lock ends after 30 minutes with a fresh count', async () => {
    const p = await playerWithBoundCard(t, 100_000n);
    const withdraw = (password: string) =>
      post(t.app, '/api/withdraw', { amount: 100, bank: p.cardId, password }, p.token);
    for (let i = 0; i < 5; i++) await withdraw('wrong-pass');
    offset += 29 * 60_000;
    expect(body(await withdraw('paypass123')).message).toBe(WALLET_SERVER_MSG.payPasswordLocked);
    offset += 60_000 + 1_000;
    expect(body(await withdraw('wrong-pass')).message).toBe(WALLET_SERVER_MSG.payPasswordWrong(4));
    expect(body(await withdraw('paypass123')).message).toBe(WALLET_MSG.submitted);
  });

  it('slots held by checks of a process that died are free again after 30 seconds', async () => {
    const p = await playerWithBoundCard(t, 100_000n);
    const started = new Date(clock.now().getTime() - 31_000);
    await t.ctx.db.update(users).set({ payChecks: 5, payChecksAt: started }).where(eq(users.id, p.userId));
    const res = await post(
      t.app,
      '/api/withdraw',
      { amount: 100, bank: p.cardId, password: 'paypass123' },
      p.token,
    );
    expect(body(res).message).toBe(WALLET_MSG.submitted);
  });

  it('twenty withdrawals with the right pay password all go through: checks running at once are not failures', async () => {
    const p = await playerWithBoundCard(t, 200_000n);
    const answers = await atOnce(() =>
      post(t.app, '/api/withdraw', { amount: 100, bank: p.cardId, password: 'paypass123' }, p.token),
    );
    expect(new Set(answers.map((a) => body(a).message))).toEqual(new Set([WALLET_MSG.submitted]));
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(0n);
  });

  it('logins: 19 wrong passwords and the right one at once check five and open no session', async () => {
    const p = await fundedPlayer(t, 0n);
    const keys = await Promise.all(Array.from({ length: AT_ONCE }, () => captchaKey(t.app)));
    const answers = await wrongAtOnceThenRight(
      (i) =>
        post(t.app, '/api/login_pc', {
          name: p.name,
          password: password(i, 'secret123'),
          code: CAPTCHA,
          captcha_key: keys[i],
        }),
      p.userId,
      'login',
    );
    const seen = counted(messages(answers));
    expect(seen.get(SERVER_MSG.wrongCredentials)).toBe(5);
    expect(seen.get(SERVER_MSG.accountLocked)).toBe(AT_ONCE - 5);
    expect(body(answers[RIGHT_AT] as LightMyRequestResponse)).toEqual({
      code: 429,
      message: SERVER_MSG.accountLocked,
    });
    const open = await t.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, p.userId), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(1); // the one registration opened
  });

  it('login-password changes: 20 wrong old passwords at once check five', async () => {
    const p = await registerPlayer(t.app);
    const answers = await atOnce(() =>
      post(t.app, '/api/editPassword', { password: 'not-my-password', paypassword: 'newlogin123' }, p.token),
    );
    const seen = counted(messages(answers));
    for (const left of [4, 3, 2, 1]) expect(seen.get(ACCOUNT_SERVER_MSG.oldWrong(left))).toBe(1);
    expect(seen.get(SERVER_MSG.accountLocked)).toBe(AT_ONCE - 4);
  });

  it('deposit orders: 20 at once leave five pending and refuse the rest', async () => {
    const p = await fundedPlayer(t, 0n);
    const answers = await atOnce(() =>
      post(
        t.app,
        '/api/recharge',
        { paytype: 'card', amount: 300, bank_owner: '李四', bank: '中国银行' },
        p.token,
      ),
    );
    const seen = counted(messages(answers));
    expect(seen.get(PAYMENT_SERVER_MSG.tooManyPending)).toBe(AT_ONCE - 5);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const pending = await t.ctx.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, p.userId), eq(deposits.state, 1)));
    expect(pending).toHaveLength(5);
  });

  it('one application per activity and one open agent application: 20 at once store one of each', async () => {
    const p = await fundedPlayer(t, 0n);
    const activity = counted(
      messages(await atOnce(() => post(t.app, '/api/activityApply', { id: 1 }, p.token))),
    );
    expect(activity.get(CONTENT_SERVER_MSG.activityApplied)).toBe(1);
    expect(activity.get(CONTENT_SERVER_MSG.activityTwice)).toBe(AT_ONCE - 1);
    const agent = counted(
      messages(
        await atOnce(() =>
          post(t.app, '/api/applyagentdo', { mobile: '13812345678', apply_info: '推广' }, p.token),
        ),
      ),
    );
    expect(agent.get(CONTENT_SERVER_MSG.agentApplied)).toBe(1);
    expect(agent.get(CONTENT_SERVER_MSG.agentPending)).toBe(AT_ONCE - 1);
    const stored = await t.ctx.db
      .select()
      .from(agentApplications)
      .where(eq(agentApplications.userId, p.userId));
    expect(stored).toHaveLength(1);
  });

  it('cards: ten bank cards and ten USDT addresses at once bind five of each kind', async () => {
    const p = await fundedPlayer(t, 0n);
    const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const half = AT_ONCE / 2;
    const bind = (i: number) =>
      i % 2 === 0
        ? {
            bank_owner: '王五',
            bank: '中国银行',
            bank_no: `62170000000${String(i).padStart(6, '0')}`,
            bank_address: '北京分行',
          }
        : { bank: 'USDT', bank_owner: 'TRC20', bank_no: `T${base58[i]}${'a'.repeat(32)}`, bank_address: '' };
    const answers = await atOnce((i) =>
      post(t.app, '/api/bindcard', { ...bind(i), pay_pass: 'paypass123' }, p.token),
    );
    const seen = counted(messages(answers));
    expect(seen.get(WALLET_MSG.bound)).toBe(10);
    expect(seen.get(WALLET_SERVER_MSG.cardLimitBank)).toBe(half - 5);
    expect(seen.get(WALLET_SERVER_MSG.cardLimitUsdt)).toBe(half - 5);
    const active = await t.ctx.db
      .select()
      .from(cards)
      .where(and(eq(cards.userId, p.userId), isNull(cards.removedAt)));
    expect(active.filter((c) => c.type === 1)).toHaveLength(5);
    expect(active.filter((c) => c.type === 2)).toHaveLength(5);
  });
});
