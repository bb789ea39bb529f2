import type { AddressInfo } from 'node:net';
import type { OperatorRole } from '@app/contract/admin/roles';
import { SERVER_MSG } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock';
import { ConsoleClient } from './console';
import { EventStreamClient, openStream } from './event-stream';
import {
  body,
  createTestApp,
  fundedPlayer,
  logInRequest,
  operatorWithKey,
  otherProcess,
  post,
  type TestApp,
  targets,
} from './harness';
import { startRedis } from './redis-server';

/**
 * The event streams (issue 30, points 1 and 2): a player's, opened with a ticket from an
 * authenticated call, carries the player's events and ends with the session; a console's carries
 * what the operator's role may see.
 */
describe.each(targets)('event streams on %s', (target) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  beforeAll(async () => {
    // Shedding off: the many slow sign-ins (password hashing) on a busy test machine are no overload.
    t = await createTestApp(target, {
      listen: true,
      demo: true,
      env: { OVERLOAD_TARGET_MS: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' },
    });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = (await operatorWithKey(t.ctx, 'superadmin')).key;
  });
  afterAll(() => t.close());

  const ticketOf = async (token: string) => {
    const res = await post(t.app, '/api/events/ticket', {}, token);
    return (body(res).data as { ticket: string }).ticket;
  };
  const playerStream = async (token: string, headers: Record<string, string> = {}) =>
    openStream(`${base}/api/events?ticket=${encodeURIComponent(await ticketOf(token))}`, headers);
  const credit = (userId: number, amount: number) =>
    post(
      t.app,
      `/admin/api/players/${userId}/adjustments`,
      { direction: 'credit', amount, reason: '活动补偿', turnover_multiple: 0 },
      admin,
    );

  it('opens only with a live ticket: none, forged, or of an ended session is refused', async () => {
    const p = await fundedPlayer(t, 0n);
    expect((await post(t.app, '/api/events/ticket', {})).statusCode).toBe(401);
    const ticket = await ticketOf(p.token);
    const forged = `${ticket.slice(0, -4)}AAAA`;
    const refused = await EventStreamClient.open(`${base}/api/events?ticket=${forged}`);
    expect(refused).toEqual({ status: 401, body: { code: 401, message: SERVER_MSG.sessionExpired } });
    const other = await fundedPlayer(t, 0n);
    const [session] = ticket.split('.');
    const [, until, signature] = (await ticketOf(other.token)).split('.');
    const borrowed = await EventStreamClient.open(
      `${base}/api/events?ticket=${session}.${until}.${signature}`,
    );
    expect(borrowed).toMatchObject({ status: 401 });

    expect(body(await post(t.app, '/api/logoff', {}, p.token)).code).toBe(200);
    const afterLogoff = await EventStreamClient.open(`${base}/api/events?ticket=${ticket}`);
    expect(afterLogoff).toMatchObject({ status: 401 });
  });

  it("carries the player's balance changes and new messages, and nobody else's", async () => {
    const p = await fundedPlayer(t, 0n);
    const other = await fundedPlayer(t, 0n);
    const mine = await playerStream(p.token);
    const theirs = await playerStream(other.token);
    try {
      expect(body(await credit(p.userId, 30)).code).toBe(200);
      expect((await mine.next('balance')).data).toEqual({ type: 'balance', reason: 'adjustment' });
      const sent = await post(
        t.app,
        '/admin/api/messages',
        {
          to: 'player',
          username: p.name,
          title: '通知',
          content: '您好',
          promotional: false,
          reason: '服务通知',
        },
        admin,
      );
      expect(body(sent).code).toBe(200);
      expect((await mine.next('message')).data).toEqual({ type: 'message' });
      await expect(theirs.next('balance', 300)).rejects.toThrow('no "balance" event');
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('an approved bank deposit is told to its player as approved', async () => {
    const p = await fundedPlayer(t, 0n);
    const stream = await playerStream(p.token);
    try {
      const order = await post(
        t.app,
        '/api/recharge',
        { paytype: 'card', amount: 200, bank_owner: '王五', bank: '中国银行' },
        p.token,
      );
      const { deposit_no } = body(order).data as { deposit_no: string };
      expect(
        body(await post(t.app, '/admin/api/deposits/approve', { order_no: deposit_no }, admin)).code,
      ).toBe(200);
      const event = await stream.next('balance');
      expect(event.data).toEqual({ type: 'balance', reason: 'deposit', outcome: 'approved' });
    } finally {
      stream.close();
    }
  });

  it('a reconnect with Last-Event-ID gets what it missed; an unknown id is told to refetch', async () => {
    const p = await fundedPlayer(t, 0n);
    const first = await playerStream(p.token);
    await credit(p.userId, 1);
    const seen = await first.next('balance');
    first.close();
    await credit(p.userId, 2);
    await credit(p.userId, 3);

    const again = await playerStream(p.token, { 'last-event-id': String(seen.id) });
    try {
      const missed = [await again.next('balance'), await again.next('balance')];
      expect(missed.every((f) => f.id !== seen.id)).toBe(true);
      await expect(again.next('balance', 200)).rejects.toThrow();
    } finally {
      again.close();
    }
    const unknown = await openStream(
      `${base}/api/events?ticket=${await ticketOf(p.token)}&last_event_id=gone-long-ago`,
    );
    try {
      await unknown.next('refetch');
    } finally {
      unknown.close();
    }
  });

  it('ends at once with the session: logoff, a password change, a freeze', async () => {
    const a = await fundedPlayer(t, 0n);
    const stream = await playerStream(a.token);
    expect(body(await post(t.app, '/api/logoff', {}, a.token)).code).toBe(200);
    await stream.next('session', 500);
    await stream.closedWithin(500);

    const b = await fundedPlayer(t, 0n);
    const frozen = await playerStream(b.token);
    const freeze = await post(t.app, `/admin/api/players/${b.userId}/freeze`, { reason: '风控冻结' }, admin);
    expect(body(freeze).code).toBe(200);
    await frozen.next('session', 500);
    await frozen.closedWithin(500);

    const c = await fundedPlayer(t, 0n);
    const changed = await playerStream(c.token);
    const change = await post(
      t.app,
      '/api/editPassword',
      { password: 'secret123', paypassword: 'newpass123' },
      c.token,
    );
    expect(body(change).code).toBe(200);
    await changed.next('session', 500);
    await changed.closedWithin(500);
  });

  it("says why the session ended: the player's own act on it, elsewhere, an operator, a freeze", async () => {
    const reasonOf = async (stream: Awaited<ReturnType<typeof playerStream>>) => {
      const ended = await stream.next('session', 500);
      await stream.closedWithin(500);
      return ended.data;
    };
    const a = await fundedPlayer(t, 0n);
    const loggedOff = await playerStream(a.token);
    expect(body(await post(t.app, '/api/logoff', {}, a.token)).code).toBe(200);
    expect(await reasonOf(loggedOff)).toEqual({ reason: 'own' });

    // A password change on one device: its own stream is told 'own', the other device's 'elsewhere'.
    const b = await fundedPlayer(t, 0n);
    const login = await logInRequest(t.app, b.name);
    const second = (body(login).data as { api_token: string }).api_token;
    const [acting, other] = [await playerStream(b.token), await playerStream(second)];
    const change = { password: 'secret123', paypassword: 'newpass123' };
    expect(body(await post(t.app, '/api/editPassword', change, b.token)).code).toBe(200);
    expect(await reasonOf(acting)).toEqual({ reason: 'own' });
    expect(await reasonOf(other)).toEqual({ reason: 'elsewhere' });

    const c = await fundedPlayer(t, 0n);
    const cSecond = (body(await logInRequest(t.app, c.name)).data as { api_token: string }).api_token;
    const [keeps, endedByOther] = [await playerStream(c.token), await playerStream(cSecond)];
    const endOthers = await post(t.app, '/api/security/sessions/end-others', {}, c.token);
    expect(body(endOthers).code).toBe(200);
    expect(await reasonOf(endedByOther)).toEqual({ reason: 'elsewhere' });
    const byOperator = await post(
      t.app,
      `/admin/api/players/${c.userId}/end-sessions`,
      { reason: '账号安全' },
      admin,
    );
    expect(body(byOperator).code).toBe(200);
    expect(await reasonOf(keeps)).toEqual({ reason: 'operator' });

    const timedOut = await fundedPlayer(t, 0n);
    const timeOutStream = await playerStream(timedOut.token);
    const timeOut = { kind: 'timeout', term: '24h', paypassword: 'paypass123' };
    expect(body(await post(t.app, '/api/protection/restrict', timeOut, timedOut.token)).code).toBe(200);
    expect(await reasonOf(timeOutStream)).toEqual({ reason: 'own' });

    const d = await fundedPlayer(t, 0n);
    const frozen = await playerStream(d.token);
    await post(t.app, `/admin/api/players/${d.userId}/freeze`, { reason: '风控冻结' }, admin);
    expect(await reasonOf(frozen)).toEqual({ reason: 'frozen' });
  });

  /** An operator signed in on the console, with its stream open. */
  const signedIn = async (role: OperatorRole = 'superadmin') => {
    const op = await operatorWithKey(t.ctx, role);
    const client = new ConsoleClient(t.app);
    await client.signIn(op.username, op.password, op.totp_secret, systemClock);
    const stream = await openStream(`${base}/admin/api/events`, { cookie: String(client.cookie) });
    return { op, client, stream };
  };
  /** A second console session of the operator (the next step's code: a code is taken once). */
  const alsoSignedIn = async (op: { username: string; totp_secret: string }) => {
    const client = new ConsoleClient(t.app);
    await client.signIn(op.username, 'NewPassword2026', op.totp_secret, {
      now: () => new Date(Date.now() + 30_000),
    });
    return openStream(`${base}/admin/api/events`, { cookie: String(client.cookie) });
  };
  const consoleOf = async (role: OperatorRole) => (await signedIn(role)).stream;

  it("a console's stream needs its session and carries only what the operator's role may see", async () => {
    expect((await EventStreamClient.open(`${base}/admin/api/events`)).valueOf()).toMatchObject({
      status: 401,
    });
    const finance = await consoleOf('finance');
    const operations = await consoleOf('operations');
    try {
      const p = await fundedPlayer(t, 0n);
      const order = await post(
        t.app,
        '/api/recharge',
        { paytype: 'card', amount: 150, bank_owner: '王五', bank: '中国银行' },
        p.token,
      );
      const { deposit_no } = body(order).data as { deposit_no: string };
      expect((await finance.next('order')).data).toEqual({
        type: 'order',
        area: 'deposit',
        order_no: deposit_no,
        amount: '150.00',
      });
      await post(t.app, '/admin/api/deposits/approve', { order_no: deposit_no }, admin);
      expect((await finance.next('changed')).data).toEqual({
        type: 'changed',
        area: 'deposit',
        order_no: deposit_no,
      });
      await expect(operations.next('order', 200)).rejects.toThrow();
      expect(operations.frames).toEqual([]);
    } finally {
      finance.close();
      operations.close();
    }
  });

  it("a console's open stream follows its operator's role when another operator changes it", async () => {
    const promoted = await signedIn('operations');
    const demoted = await signedIn('finance');
    const setRole = (id: number, role: OperatorRole) =>
      post(t.app, `/admin/api/operators/${id}/role`, { role, reason: '岗位调整' }, admin);
    try {
      expect(body(await setRole(promoted.op.id, 'finance')).code).toBe(200);
      expect(body(await setRole(demoted.op.id, 'operations')).code).toBe(200);
      const p = await fundedPlayer(t, 0n);
      const order = await post(
        t.app,
        '/api/recharge',
        { paytype: 'card', amount: 120, bank_owner: '王五', bank: '中国银行' },
        p.token,
      );
      const { deposit_no } = body(order).data as { deposit_no: string };
      expect((await promoted.stream.next('order')).data).toMatchObject({ order_no: deposit_no });
      await expect(demoted.stream.next('order', 300)).rejects.toThrow('no "order" event');
    } finally {
      promoted.stream.close();
      demoted.stream.close();
    }
  });

  it("a console's stream ends at once with its session: every way an operator's session ends", async () => {
    const ended = async (stream: Awaited<ReturnType<typeof openStream>>) => {
      await stream.next('session', 500);
      await stream.closedWithin(500);
    };
    const signOut = await signedIn();
    expect((await signOut.client.post('/admin/api/auth/sign-out')).statusCode).toBe(200);
    await ended(signOut.stream);

    const everywhere = await signedIn();
    const elsewhere = await alsoSignedIn(everywhere.op);
    expect((await everywhere.client.post('/admin/api/auth/sign-out-everywhere')).statusCode).toBe(200);
    await Promise.all([ended(everywhere.stream), ended(elsewhere)]);

    // Changing one's own password ends the other sessions; the one that changed it goes on.
    const own = await signedIn();
    const other = await alsoSignedIn(own.op);
    const change = await own.client.post('/admin/api/auth/password', {
      current: 'NewPassword2026',
      password: 'Another2026pass',
    });
    expect(change.statusCode).toBe(200);
    await ended(other);
    await expect(own.stream.next('session', 200)).rejects.toThrow('no "session" event');
    own.stream.close();

    const byAdmin = (id: number, path: string) =>
      post(t.app, `/admin/api/operators/${id}/${path}`, { reason: '离职交接' }, admin);
    for (const path of ['disable', 'reset-password', 'reset-totp']) {
      const { op, stream } = await signedIn();
      expect(body(await byAdmin(op.id, path)).code).toBe(200);
      await ended(stream);
    }

    const locked = await signedIn();
    for (let i = 0; i < 5; i++) {
      const wrong = { username: locked.op.username, password: 'not-the-password' };
      expect((await new ConsoleClient(t.app).post('/admin/api/auth/sign-in', wrong)).statusCode).toBe(422);
    }
    await ended(locked.stream);
  });
});

/**
 * Every node serves every player's stream: an event raised on node A reaches a player whose stream
 * is open on node B within a second, over LISTEN/NOTIFY and over Redis.
 */
describe.each(targets.filter((target) => target === 'postgres'))(
  'event streams across two nodes on %s',
  (target) => {
    for (const bus of ['LISTEN/NOTIFY', 'Redis'] as const) {
      it(`an adjustment on node A reaches the stream open on node B, and disabling an operator on A ends its console stream on B (${bus})`, async () => {
        const redis = bus === 'Redis' ? await startRedis() : undefined;
        const env: Record<string, string> = redis ? { REDIS_URL: redis.url } : {};
        const a = await createTestApp(target, { env });
        const b = await otherProcess(a, env);
        try {
          await b.app.listen({ port: 0, host: '127.0.0.1' });
          const port = (b.app.server.address() as AddressInfo).port;
          const p = await fundedPlayer(a, 0n);
          const ticket = body(await post(b.app, '/api/events/ticket', {}, p.token)).data as {
            ticket: string;
          };
          const stream = await openStream(`http://127.0.0.1:${port}/api/events?ticket=${ticket.ticket}`);
          const admin = (await operatorWithKey(a.ctx)).key;
          const started = Date.now();
          const credit = { direction: 'credit', amount: 5, reason: '活动补偿', turnover_multiple: 0 };
          expect(
            body(await post(a.app, `/admin/api/players/${p.userId}/adjustments`, credit, admin)).code,
          ).toBe(200);
          await stream.next('balance', 1_000);
          console.log(
            `${bus}: an event raised on A reached B's stream ${Date.now() - started} ms after the call`,
          );
          stream.close();

          // An operator disabled on A: its console's stream on B ends at once.
          const op = await operatorWithKey(a.ctx, 'finance');
          const client = new ConsoleClient(b.app);
          await client.signIn(op.username, op.password, op.totp_secret, systemClock);
          const consoleStream = await openStream(`http://127.0.0.1:${port}/admin/api/events`, {
            cookie: String(client.cookie),
          });
          const disable = await post(
            a.app,
            `/admin/api/operators/${op.id}/disable`,
            { reason: '离职交接' },
            admin,
          );
          expect(body(disable).code).toBe(200);
          await consoleStream.next('session', 1_000);
          await consoleStream.closedWithin(1_000);
        } finally {
          await b.close();
          await a.close();
          await redis?.stop();
        }
      });
    }
  },
);
