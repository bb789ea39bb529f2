import { SERVER_MSG } from '@app/contract/messages';
import type { TwoFactorEnrolment } from '@app/contract/protection';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { sessions } from '../src/db/schema/users';
import { GAME_SESSION_ENDED } from '../src/venues/demo/games/play';
import {
  body,
  createTestApp,
  type Instance,
  ingestAllBets,
  operatorKey,
  otherProcess,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
} from './harness';

/**
 * A revoked session moves no money on any node (issue 26, point 3): every call that moves money or
 * changes security settings confirms its session in its own database transaction, so once the
 * revoking call has answered, none of them succeeds on any process, whatever that process's session
 * cache still holds.
 */

const expired = { code: 401, message: SERVER_MSG.sessionExpired };

const newCard = {
  bank_owner: '王五',
  bank: '中国银行',
  bank_no: '6013820800087654321',
  bank_address: '上海分行',
  pay_pass: 'paypass123',
};

type Player = Awaited<ReturnType<typeof playerWithBoundCard>>;

/** What a player holds and has asked for, as the database says: unchanged by a refused call. */
async function holdings(ctx: AppContext, userId: number) {
  const result = await ctx.db.execute(sql`SELECT
      (SELECT balance::text FROM accounts WHERE owner = 'player' AND user_id = ${userId}) AS central,
      (SELECT coalesce(sum(balance), 0)::text FROM demo_venue_wallets WHERE player = ${`p${userId}`}) AS venues,
      (SELECT count(*)::int FROM withdrawals WHERE user_id = ${userId}) AS withdrawals,
      (SELECT count(*)::int FROM deposits WHERE user_id = ${userId}) AS deposits,
      (SELECT count(*)::int FROM cards WHERE user_id = ${userId} AND removed_at IS NULL) AS cards,
      (SELECT count(*)::int FROM activity_applications WHERE user_id = ${userId}) AS applications,
      (SELECT count(*)::int FROM player_limits WHERE user_id = ${userId}) AS limits,
      (SELECT password_hash || pay_password_hash || coalesce(totp_secret, '') FROM users WHERE id = ${userId}) AS secrets`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

/** Every call of the issue's list that moves money or changes a security setting, as the app sends it. */
function moneyAndSecurityCalls(p: Player, totpCode: string): [string, object][] {
  return [
    ['/api/transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'pp' }],
    ['/api/transfer', { amount: 10, sourcetype: 'pp', targettype: 'userbalance' }],
    ['/api/transall', {}],
    ['/api/withdraw', { amount: 100, bank: p.cardId, password: 'paypass123' }],
    ['/api/recharge', { paytype: 'usdt', amount: 100 }],
    ['/api/bindcard', newCard],
    ['/api/delcard', { id: p.cardId }],
    ['/api/activityApply', { id: 1 }],
    ['/api/getGameUrl', { plat_name: 'pp', game_code: 'pp001', game_type: 0, is_mobile_url: 1 }],
    ['/api/protection/limit', { kind: 'deposit', period: 'day', amount: 500 }],
    ['/api/editPayPassword', { password: 'paypass123', paypassword: 'newpay123' }],
    ['/api/security/two-factor/confirm', { code: totpCode }],
    // Last: accepted, it would end the session itself.
    ['/api/editPassword', { password: 'secret123', paypassword: 'newpass123' }],
  ];
}

/** A player with a card, money in the central wallet and at a venue, automatic transfer on, a 2FA enrolment begun. */
async function readyPlayer(t: TestApp) {
  const p = await playerWithBoundCard(t, 1000_00n);
  const transfer = { amount: 100, sourcetype: 'userbalance', targettype: 'pp' };
  expect(body(await post(t.app, '/api/transfer', transfer, p.token)).code).toBe(200);
  expect(body(await post(t.app, '/api/uptransferstatus', { transferstatus: 1 }, p.token)).code).toBe(200);
  const enrolment = body(await post(t.app, '/api/security/two-factor/enrol', {}, p.token))
    .data as TwoFactorEnrolment;
  const totpCode = await generate({ secret: enrolment.secret, epoch: Math.floor(Date.now() / 1000) });
  return { ...p, totpCode };
}

const cache = async (app: FastifyInstance, token: string) => {
  for (let i = 0; i < 2; i++) expect((await post(app, '/api/balance', {}, token)).statusCode).toBe(200);
};

describe.each(targets)('session confirmation on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
  });
  afterAll(() => t.close());

  it('a session revoked while this process still holds it in its cache moves nothing and changes no setting', async () => {
    const p = await readyPlayer(t);
    await cache(t.app, p.token);
    // A revocation committed by another process whose message has not arrived here yet.
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, p.userId));
    const before = await holdings(t.ctx, p.userId);
    const answers: Record<string, unknown> = {};
    for (const [url, payload] of moneyAndSecurityCalls(p, p.totpCode)) {
      answers[`${url} ${JSON.stringify(payload)}`] = body(await post(t.app, url, payload, p.token));
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((k) => [k, expired])));
    expect(await holdings(t.ctx, p.userId)).toEqual(before);
    // Reads keep the cache.
    expect((await post(t.app, '/api/balance', {}, p.token)).statusCode).toBe(200);
  });

  /** A player with 100.00 at the demo venue pp and its game page open (the game session's cookie). */
  async function playing() {
    const p = await playerWithBoundCard(t, 1000_00n);
    const transfer = { amount: 100, sourcetype: 'userbalance', targettype: 'pp' };
    expect(body(await post(t.app, '/api/transfer', transfer, p.token)).code).toBe(200);
    const launch = { plat_name: 'pp', game_code: 'pp001', game_type: 0, is_mobile_url: 1 };
    const { url } = body(await post(t.app, '/api/getGameUrl', launch, p.token)).data as { url: string };
    const opened = await t.app.inject({ method: 'GET', url });
    const cookie = String(opened.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const play = () =>
      t.app.inject({
        method: 'POST',
        url: '/venue/demo/api/play',
        payload: { stake: 1 },
        headers: { cookie },
      });
    expect((await play()).statusCode).toBe(200);
    return { ...p, play };
  }

  const ended: Record<string, (p: Player) => Promise<unknown>> = {
    'a time-out': (p) =>
      post(
        t.app,
        '/api/protection/restrict',
        { kind: 'timeout', term: '24h', paypassword: 'paypass123' },
        p.token,
      ),
    'a self-exclusion': (p) =>
      post(
        t.app,
        '/api/protection/restrict',
        { kind: 'exclusion', term: '6m', paypassword: 'paypass123' },
        p.token,
      ),
    'a freeze': async (p) =>
      post(t.app, `/admin/api/players/${p.userId}/freeze`, { reason: '风控冻结' }, await operatorKey(t.ctx)),
    'a logoff': (p) => post(t.app, '/api/logoff', {}, p.token),
  };

  it.each(Object.keys(ended))('after %s the open game page takes no bet and moves nothing', async (kind) => {
    const p = await playing();
    const before = await holdings(t.ctx, p.userId);
    expect(body((await ended[kind]?.(p)) as Parameters<typeof body>[0]).code).toBe(200);
    const refused = await p.play();
    expect(refused.statusCode).toBe(401);
    expect(body(refused).message).toMatch(/^游戏会话已(过期|结束)，请返回/);
    expect((await holdings(t.ctx, p.userId))?.venues).toEqual(before?.venues);
  });

  it('a loss limit reached, once its bets are ingested, ends the open game page: it takes no bet and moves nothing', async () => {
    const p = await playing();
    const limit = { kind: 'loss', period: 'day', amount: 2 };
    expect(body(await post(t.app, '/api/protection/limit', limit, p.token)).code).toBe(200);
    // Slot rounds of 1.00 until the venue wallet (100.00 before the first round) has lost 2.00 or more.
    let balance = 99;
    for (let round = 0; round < 1000 && balance > 98; round++) {
      const played = await p.play();
      expect(played.statusCode).toBe(200);
      balance = (body(played).data as { balance: number }).balance;
    }
    expect(balance).toBeLessThanOrEqual(98);
    await ingestAllBets(t.ctx);
    const before = await holdings(t.ctx, p.userId);
    const refused = await p.play();
    expect(refused.statusCode).toBe(401);
    expect(body(refused).message).toBe(GAME_SESSION_ENDED);
    expect(await holdings(t.ctx, p.userId)).toEqual(before);
  });

  it.each(['a time-out', 'a logoff'])(
    'a launch link issued before %s opens no game afterwards',
    async (kind) => {
      const p = await playerWithBoundCard(t, 1000_00n);
      const launch = { plat_name: 'pp', game_code: 'pp001', game_type: 0, is_mobile_url: 1 };
      const { url } = body(await post(t.app, '/api/getGameUrl', launch, p.token)).data as { url: string };
      expect(body((await ended[kind]?.(p)) as Parameters<typeof body>[0]).code).toBe(200);
      const opened = await t.app.inject({ method: 'GET', url });
      expect(opened.statusCode).toBe(403);
      expect(opened.headers['set-cookie']).toBeUndefined();
      expect(opened.body).toContain('链接已失效，请返回重新进入游戏');
    },
  );

  it('a launch without automatic transfer from a revoked session still cached issues no link', async () => {
    const p = await playerWithBoundCard(t, 1000_00n);
    await cache(t.app, p.token);
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, p.userId));
    const launch = { plat_name: 'pp', game_code: 'pp001', game_type: 0, is_mobile_url: 1 };
    expect(body(await post(t.app, '/api/getGameUrl', launch, p.token))).toEqual(expired);
  });
});

describe.each(targets.filter((target) => target === 'postgres'))(
  'revocation on one node, money calls at once on the other, on %s without Redis',
  (target) => {
    let a: TestApp;
    let b: Instance;
    beforeAll(async () => {
      a = await createTestApp(target, { demo: true });
      b = await otherProcess(a);
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    const revocations: Record<string, (p: Player) => Promise<unknown>> = {
      logoff: (p) => post(a.app, '/api/logoff', {}, p.token),
      'sessions list': async (p) => {
        const list = body(await post(a.app, '/api/security/sessions', {}, p.token)).data as { id: number }[];
        return post(a.app, '/api/security/sessions/end', { id: list[0]?.id }, p.token);
      },
      'password change': (p) =>
        post(a.app, '/api/editPassword', { password: 'secret123', paypassword: 'newpass123' }, p.token),
      freeze: async (p) =>
        post(
          a.app,
          `/admin/api/players/${p.userId}/freeze`,
          { reason: '风控冻结' },
          await operatorKey(a.ctx),
        ),
      'time-out': (p) =>
        post(
          a.app,
          '/api/protection/restrict',
          { kind: 'timeout', term: '24h', paypassword: 'paypass123' },
          p.token,
        ),
    };

    const TRIALS = 3;
    it.each(Object.keys(revocations))(
      'after a %s answers on A, no money or security call succeeds on B',
      async (kind) => {
        const accepted: string[] = [];
        for (let trial = 0; trial < TRIALS; trial++) {
          const p = await readyPlayer(a);
          await cache(b.app, p.token);
          const before = await holdings(a.ctx, p.userId);
          const revoke = revocations[kind];
          if (!revoke) throw new Error(kind);
          const revoked = (await revoke(p)) as Parameters<typeof body>[0];
          expect(body(revoked).code).toBe(200);
          const calls = moneyAndSecurityCalls(p, p.totpCode);
          const answers = await Promise.all(
            calls.map(([url, payload]) => post(b.app, url, payload, p.token)),
          );
          answers.forEach((answer, i) => {
            // Refused for another reason (the time-out itself, the old password changed) is no success either.
            if (answer.statusCode === 200) accepted.push(`${calls[i]?.[0]}: ${body(answer).message}`);
          });
          const after = await holdings(a.ctx, p.userId);
          // A password change and a time-out are themselves changes of the player's settings.
          if (kind !== 'password change' && kind !== 'time-out') expect(after).toEqual(before);
          else expect({ ...after, secrets: '' }).toEqual({ ...before, secrets: '' });
        }
        expect(accepted).toEqual([]);
      },
    );
  },
);
