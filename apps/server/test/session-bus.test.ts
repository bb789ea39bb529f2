import { type ChildProcess, spawn } from 'node:child_process';
import { SERVER_MSG } from '@app/contract/messages';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../src/db/schema/games';
import { sessions } from '../src/db/schema/users';
import {
  body,
  createTestApp,
  freePort,
  fundedPlayer,
  type Instance,
  logInRequest,
  operatorKey,
  otherProcess,
  playRound,
  post,
  type TestApp,
  targets,
} from './harness';

/**
 * A session revoked in one server process is refused by every other at once (issue 12, point 7):
 * two app instances, each with its own session cache and its own database pool, on one database;
 * the bus between them is PostgreSQL LISTEN/NOTIFY, or Redis pub/sub where REDIS_URL is set.
 */

/** How long the other process may take to hear of a revocation: a message's trip, not a cache's life. */
const AT_ONCE_MS = 500;

/** Polls `check` every few milliseconds until it holds or `withinMs` has passed; answers the time taken. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

const balanceStatus = async (app: FastifyInstance, token: string) =>
  (await post(app, '/api/balance', {}, token)).statusCode;

/** Every check of the bus, for two processes whose bus is the one `env` selects. */
function revocationsReachTheOtherProcess(setup: () => { a: () => TestApp; b: () => Instance }) {
  it('a logoff in A is refused by B on its next requests, and a transfer with the token moves nothing', async () => {
    const { a, b } = setup();
    const p = await fundedPlayer(a(), 100_000n);
    expect(await balanceStatus(b().app, p.token)).toBe(200);
    expect(await balanceStatus(b().app, p.token)).toBe(200); // now cached in B

    expect(body(await post(a().app, '/api/logoff', {}, p.token)).code).toBe(200);
    const took = await within(AT_ONCE_MS, async () => (await balanceStatus(b().app, p.token)) === 401);
    const transfer = await post(
      b().app,
      '/api/transfer',
      { amount: 10, sourcetype: 'userbalance', targettype: 'pp' },
      p.token,
    );
    expect(body(transfer)).toEqual({ code: 401, message: SERVER_MSG.sessionExpired });
    expect(await a().ctx.ledger.balance({ central: p.userId })).toBe(100_000n);
    console.log(`logoff in A refused by B after ${took} ms`);
  });

  it('a login password changed in A ends every session of the player in B', async () => {
    const { a, b } = setup();
    const p = await fundedPlayer(a(), 0n);
    expect(await balanceStatus(b().app, p.token)).toBe(200);
    const change = await post(
      a().app,
      '/api/editPassword',
      { password: 'secret123', paypassword: 'newpass123' },
      p.token,
    );
    expect(body(change).code).toBe(200);
    await within(AT_ONCE_MS, async () => (await balanceStatus(b().app, p.token)) === 401);
  });

  it('a player frozen by an operator in A is refused by B at once, and cannot log in there', async () => {
    const { a, b } = setup();
    const p = await fundedPlayer(a(), 0n);
    expect(await balanceStatus(b().app, p.token)).toBe(200); // cached in B
    const support = await operatorKey(a().ctx, 'support');
    const freeze = await post(
      a().app,
      `/admin/api/players/${p.userId}/freeze`,
      { reason: '风控冻结' },
      support,
    );
    expect(body(freeze).code).toBe(200);
    await within(AT_ONCE_MS, async () => (await balanceStatus(b().app, p.token)) === 401);
    const login = await logInRequest(b().app, p.name);
    expect(body(login)).toEqual({ code: 403, message: SERVER_MSG.accountDisabled });
  });

  it('a loss limit set in A refuses a transfer in through B as soon as the message arrives', async () => {
    const { a, b } = setup();
    const p = await fundedPlayer(a(), 1000_00n);
    const transferIn = async (amount: number) =>
      body(
        await post(
          b().app,
          '/api/transfer',
          { amount, sourcetype: 'userbalance', targettype: 'pp' },
          p.token,
        ),
      );
    expect((await transferIn(100)).code).toBe(200); // B keeps the player's protection rows now
    await playRound(a().ctx, { venue: 'pp', userId: p.userId, stake: 60_00, payout: 0, at: new Date() });
    expect((await transferIn(10)).code).toBe(200);
    const limit = { kind: 'loss', period: 'day', amount: 50 };
    expect(body(await post(a().app, '/api/protection/limit', limit, p.token)).code).toBe(200);
    const took = await within(AT_ONCE_MS, async () => (await transferIn(10)).code === 422);
    expect((await transferIn(10)).message).toContain('已达到24小时亏损限额');
    console.log(`loss limit set in A refused by B after ${took} ms`);
  });

  it('a venue put into maintenance through the operator API in A takes no transfer in B at once', async () => {
    const { a, b } = setup();
    const operator = await operatorKey(a().ctx);
    const p = await fundedPlayer(a(), 100_000n);
    const transfer = () =>
      post(b().app, '/api/transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'pp' }, p.token);
    expect(body(await transfer()).code).toBe(200); // B has the venues cached now
    const status = (maintenance: boolean) =>
      post(a().app, '/admin/api/venues/pp/status', { maintenance, reason: '场馆维护' }, operator);
    expect(body(await status(true)).data).toEqual({ code: 'pp', enabled: true, maintenance: true });
    try {
      await within(
        AT_ONCE_MS,
        async () => body(await transfer()).message === WALLET_SERVER_MSG.venueMaintenance('PP电子'),
      );
      const before = await a().ctx.ledger.balance({ central: p.userId });
      expect(body(await transfer()).message).toBe(WALLET_SERVER_MSG.venueMaintenance('PP电子'));
      expect(await a().ctx.ledger.balance({ central: p.userId })).toBe(before);
    } finally {
      await status(false);
    }
    await within(AT_ONCE_MS, async () => body(await transfer()).code === 200);
  });

  it('a game hidden through the operator API in A leaves the game list of B at once, its ETag changed', async () => {
    const { a, b } = setup();
    const operator = await operatorKey(a().ctx);
    const list = () => b().app.inject({ method: 'GET', url: '/api/game/list' });
    const etag = String((await list()).headers.etag); // B has the list cached now
    const [game] = await a().ctx.db.select().from(games).where(eq(games.gameCode, 'pp005'));
    const shown = (appState: number) =>
      post(a().app, `/admin/api/games/${game?.id}`, { app_state: appState, reason: '下架游戏' }, operator);
    expect(body(await shown(0)).code).toBe(200);
    try {
      await within(AT_ONCE_MS, async () => String((await list()).headers.etag) !== etag);
      const codes = (body(await list()).data as { game_code: string }[]).map((g) => g.game_code);
      expect(codes).not.toContain('pp005');
    } finally {
      await shown(1);
    }
    await within(AT_ONCE_MS, async () => String((await list()).headers.etag) === etag);
  });
}

describe.each(targets.filter((target) => target === 'postgres'))(
  'session revocation over LISTEN/NOTIFY on %s',
  (target) => {
    let a: TestApp;
    let b: Instance;
    beforeAll(async () => {
      a = await createTestApp(target);
      b = await otherProcess(a);
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    revocationsReachTheOtherProcess(() => ({ a: () => a, b: () => b }));

    it('a lost listener connection is taken again, and B forgets what it cached meanwhile', async () => {
      const p = await fundedPlayer(a, 0n);
      expect(await balanceStatus(b.app, p.token)).toBe(200);
      // Both processes' listeners are cut; a revocation stored meanwhile is never announced.
      await a.ctx.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'platform-bus' AND datname = current_database()`,
      );
      await a.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, p.userId));
      await within(AT_ONCE_MS, async () => (await balanceStatus(b.app, p.token)) === 401);

      await within(10_000, async () => a.ctx.bus.live && b.ctx.bus.live);
      const q = await fundedPlayer(a, 0n);
      expect(await balanceStatus(b.app, q.token)).toBe(200);
      expect(await balanceStatus(b.app, q.token)).toBe(200);
      expect(body(await post(a.app, '/api/logoff', {}, q.token)).code).toBe(200);
      await within(AT_ONCE_MS, async () => (await balanceStatus(b.app, q.token)) === 401);
    });
  },
);

/** A Redis server of this test's own, on a free port. */
async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    redis.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return redis;
}

async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null) return;
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  redis.kill('SIGTERM');
  await exited;
}

describe.each(targets)('session revocation over Redis pub/sub on %s', (target) => {
  let port: number;
  let redis: ChildProcess;
  let a: TestApp;
  let b: Instance;
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    a = await createTestApp(target, { env });
    b = await otherProcess(a, env);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await stopRedis(redis);
  });

  revocationsReachTheOtherProcess(() => ({ a: () => a, b: () => b }));

  it('while Redis is away a logoff and a loss limit still work and B trusts no cache; when it is back, the bus is live again', async () => {
    const p = await fundedPlayer(a, 0n);
    expect(await balanceStatus(b.app, p.token)).toBe(200);
    const player = await fundedPlayer(a, 1000_00n);
    const transferIn = async (amount: number) =>
      body(
        await post(
          b.app,
          '/api/transfer',
          { amount, sourcetype: 'userbalance', targettype: 'pp' },
          player.token,
        ),
      );
    expect((await transferIn(100)).code).toBe(200);
    await playRound(a.ctx, { venue: 'pp', userId: player.userId, stake: 60_00, payout: 0, at: new Date() });
    await stopRedis(redis);
    await within(5_000, async () => !b.ctx.bus.live);
    expect(body(await post(a.app, '/api/logoff', {}, p.token)).code).toBe(200);
    expect(await balanceStatus(b.app, p.token)).toBe(401);
    // B reads the player's protection rows for this transfer but keeps nothing: A's change is not announced.
    expect((await transferIn(10)).code).toBe(200);
    const limit = { kind: 'loss', period: 'day', amount: 50 };
    expect(body(await post(a.app, '/api/protection/limit', limit, player.token)).code).toBe(200);
    expect((await transferIn(10)).message).toContain('已达到24小时亏损限额');

    redis = await startRedis(port);
    await within(15_000, async () => a.ctx.bus.live && b.ctx.bus.live);
    const q = await fundedPlayer(a, 0n);
    expect(await balanceStatus(b.app, q.token)).toBe(200);
    expect(body(await post(a.app, '/api/logoff', {}, q.token)).code).toBe(200);
    await within(AT_ONCE_MS, async () => (await balanceStatus(b.app, q.token)) === 401);
  }, 60_000);
});
