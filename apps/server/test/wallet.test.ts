import { SERVER_MSG } from '@app/contract/messages';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/users';
import { venueTransfers } from '../src/db/schema/wallet';
import { moveCentralToVenue, venueTransferState } from '../src/modules/wallet/service';
import { reconcileVenueTransfers } from '../src/modules/wallet/venue-transfers';
import type { DemoFault } from '../src/venues/demo/provider';
import { body, createTestApp, fundedPlayer, post, type TestApp, targets, violations } from './harness';

const yuan = (n: number) => BigInt(Math.round(n * 100));

describe.each(targets)('wallet transfers on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
    expect(await violations(t.ctx)).toEqual([]);
  });

  const venueBalance = async (token: string, venue: string) => {
    const list = body(await post(t.app, '/api/balancelist', {}, token)).data as {
      platname: string;
      balance: number;
    }[];
    return list.find((v) => v.platname === venue)?.balance;
  };
  /** The player's latest venue transfer, with its spec state (its reservation's). */
  const lastTransfer = async (userId: number) => {
    const [row] = await t.ctx.db
      .select()
      .from(venueTransfers)
      .where(eq(venueTransfers.userId, userId))
      .orderBy(desc(venueTransfers.id))
      .limit(1);
    const reservation = row && (await t.ctx.ledger.find(row.pendingKey));
    return row && reservation && { ...row, state: venueTransferState(reservation.state) };
  };
  const faultOnce = (fault: DemoFault) => {
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => fault };
  };

  it('lists every venue with name, platname and balance', async () => {
    const { token } = await fundedPlayer(t, 0n);
    const list = body(await post(t.app, '/api/balancelist', {}, token)).data as object[];
    expect(list).toHaveLength(10);
    expect(list).toContainEqual({ name: 'OB电子', platname: 'obgdy', balance: 0 });
    expect(list.map((v) => (v as { platname: string }).platname)).toEqual(
      expect.arrayContaining(['obgdy', 'fgdz', 'pp', 'ae', 'obzr', 'obty', 'obdj', 'obqp', 'obcp', 'obby']),
    );
  });

  it('moves 100 into a venue and 40 back, and both wallets show it', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(500));
    const into = await post(
      t.app,
      '/api/transfer',
      { amount: 100, sourcetype: 'userbalance', targettype: 'pp' },
      token,
    );
    expect(body(into)).toEqual({ code: 200, message: WALLET_SERVER_MSG.transferDone });
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(400));
    expect(await venueBalance(token, 'pp')).toBe(100);
    expect(await lastTransfer(userId)).toMatchObject({ direction: 'in', state: 1, amount: yuan(100) });

    const back = await post(
      t.app,
      '/api/transfer',
      { amount: '40.5', sourcetype: 'pp', targettype: 'userbalance' },
      token,
    );
    expect(body(back).code).toBe(200);
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(440.5));
    expect(await venueBalance(token, 'pp')).toBe(59.5);
    const user = body(await post(t.app, '/api/user', {}, token)).data;
    expect(user).toMatchObject({ balance: 440.5, gameblance: 59.5 });
  });

  it.each([
    [
      'an empty amount',
      { amount: '', sourcetype: 'userbalance', targettype: 'pp' },
      WALLET_MSG.transferAmount,
    ],
    ['no amount', { sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.transferAmount],
    ['a zero amount', { amount: 0, sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.transferAmount],
    ['venue to venue', { amount: 10, sourcetype: 'pp', targettype: 'ae' }, WALLET_MSG.venueToVenue],
    [
      'the same wallet',
      { amount: 10, sourcetype: 'userbalance', targettype: 'userbalance' },
      WALLET_SERVER_MSG.sameWallet,
    ],
    [
      'three decimals',
      { amount: 1.005, sourcetype: 'userbalance', targettype: 'pp' },
      WALLET_SERVER_MSG.amountFormat,
    ],
    [
      'an unknown venue',
      { amount: 10, sourcetype: 'userbalance', targettype: 'nope' },
      WALLET_SERVER_MSG.venueUnknown,
    ],
  ])('refuses %s and moves nothing', async (_case, payload, message) => {
    const { token, userId } = await fundedPlayer(t, yuan(100));
    const res = await post(t.app, '/api/transfer', payload, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(100));
  });

  it('refuses more than the source wallet holds, either way', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(50));
    const over = await post(
      t.app,
      '/api/transfer',
      { amount: 50.01, sourcetype: 'userbalance', targettype: 'ae' },
      token,
    );
    expect(over.statusCode).toBe(422);
    expect(body(over).message).toBe(WALLET_SERVER_MSG.overBalance);
    expect(await lastTransfer(userId)).toBeUndefined();
    const fromVenue = await post(
      t.app,
      '/api/transfer',
      { amount: 1, sourcetype: 'ae', targettype: 'userbalance' },
      token,
    );
    expect(body(fromVenue)).toEqual({ code: 422, message: WALLET_SERVER_MSG.overVenueBalance });
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(50));
  });

  it('returns the money at once when the venue refuses a transfer in (state 0)', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(100));
    faultOnce('fail');
    const res = await post(
      t.app,
      '/api/transfer',
      { amount: 60, sourcetype: 'userbalance', targettype: 'obzr' },
      token,
    );
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toContain('转账失败');
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(100));
    expect(await lastTransfer(userId)).toMatchObject({ state: 0, direction: 'in' });
  });

  it('leaves a transfer in that timed out after the venue applied it in state 2, and reconciliation completes it', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(100));
    faultOnce('timeout_after_apply');
    const res = await post(
      t.app,
      '/api/transfer',
      { amount: 70, sourcetype: 'userbalance', targettype: 'obty' },
      token,
    );
    expect(body(res)).toEqual({ code: 200, message: WALLET_SERVER_MSG.transferPending });
    expect(await lastTransfer(userId)).toMatchObject({ state: 2 });
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(30));
    // The venue holds 70.00 more than the float: the transfer still pending accounts for it.
    expect(await violations(t.ctx)).toEqual([]);

    expect(await reconcileVenueTransfers(t.ctx, 0)).toMatchObject({ settled: 1 });
    expect(await lastTransfer(userId)).toMatchObject({ state: 1 });
    expect(await venueBalance(token, 'obty')).toBe(70);
    expect(await reconcileVenueTransfers(t.ctx, 0)).toEqual({ settled: 0, refunded: 0, unanswered: 0 });
  });

  it('refunds a transfer in that timed out before the venue applied it', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(100));
    faultOnce('timeout_before_apply');
    await post(t.app, '/api/transfer', { amount: 25, sourcetype: 'userbalance', targettype: 'obdj' }, token);
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(75));
    expect(await reconcileVenueTransfers(t.ctx, 0)).toMatchObject({ refunded: 1 });
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(100));
    expect(await lastTransfer(userId)).toMatchObject({ state: 0 });
    expect(await venueBalance(token, 'obdj')).toBe(0);
  });

  it('settles a transfer out whose answer was lost, by the venue’s record, once', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(100));
    await post(t.app, '/api/transfer', { amount: 100, sourcetype: 'userbalance', targettype: 'obqp' }, token);
    faultOnce('timeout_after_apply');
    await post(t.app, '/api/transfer', { amount: 30, sourcetype: 'obqp', targettype: 'userbalance' }, token);
    expect(await venueBalance(token, 'obqp')).toBe(70);
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(0n);
    faultOnce('timeout_before_apply');
    await post(t.app, '/api/transfer', { amount: 20, sourcetype: 'obqp', targettype: 'userbalance' }, token);
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };

    expect(await reconcileVenueTransfers(t.ctx, 0)).toMatchObject({ settled: 1, refunded: 1 });
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(30));
    expect(await venueBalance(token, 'obqp')).toBe(70);
  });

  it('recovers every venue balance into the central wallet', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(300));
    for (const venue of ['obgdy', 'fgdz', 'obcp']) {
      await post(
        t.app,
        '/api/transfer',
        { amount: 100, sourcetype: 'userbalance', targettype: venue },
        token,
      );
    }
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(0n);
    expect(body(await post(t.app, '/api/transall', {}, token))).toEqual({
      code: 200,
      message: SERVER_MSG.recoverDone,
    });
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(300));
    expect(body(await post(t.app, '/api/transall', {}, token)).message).toBe(SERVER_MSG.recoverNothing);
  });

  it('names the venues it could not recover and loses nothing', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(200));
    await post(
      t.app,
      '/api/transfer',
      { amount: 120, sourcetype: 'userbalance', targettype: 'obgdy' },
      token,
    );
    await post(t.app, '/api/transfer', { amount: 80, sourcetype: 'userbalance', targettype: 'obby' }, token);
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: (_d, venue) => (venue === 'obby' ? 'fail' : 'none') };
    const res = body(await post(t.app, '/api/transall', {}, token));
    expect(res.code).toBe(200);
    expect(res.message).toContain('OB捕鱼');
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(120));
    expect(await venueBalance(token, 'obby')).toBe(80);
  });

  it('switches automatic transfer; switched on it moves nothing until a game launches', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(90));
    expect(body(await post(t.app, '/api/uptransferstatus', { transferstatus: 1 }, token))).toEqual({
      code: 200,
      message: WALLET_MSG.switched,
    });
    expect(
      (body(await post(t.app, '/api/user', {}, token)).data as { transferstatus: number }).transferstatus,
    ).toBe(1);
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(90));
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    const player = { userId, sessionId: session?.id ?? 0 };

    expect(await moveCentralToVenue(t.ctx, player, 'ae')).toMatchObject({ state: 'success' });
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(0n);
    expect(await venueBalance(token, 'ae')).toBe(90);

    await post(t.app, '/api/uptransferstatus', { transferstatus: '0' }, token);
    await grantBack(token);
    expect(await moveCentralToVenue(t.ctx, player, 'ae')).toBeNull();
  });
  const grantBack = (token: string) => post(t.app, '/api/transall', {}, token);

  it('refuses an automatic-transfer value other than 0 or 1', async () => {
    const { token } = await fundedPlayer(t, 0n);
    expect((await post(t.app, '/api/uptransferstatus', { transferstatus: 2 }, token)).statusCode).toBe(400);
  });

  it('moves money once for twenty concurrent requests with one Idempotency-Key, and replays the answer', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(100));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/transfer',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'transfer-key-0001' },
        payload: { amount: 10, sourcetype: 'userbalance', targettype: 'fgdz' },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    expect(new Set(answers.map((a) => a.body))).toEqual(
      new Set([JSON.stringify({ code: 200, message: WALLET_SERVER_MSG.transferDone })]),
    );
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(90));
    expect(await venueBalance(token, 'fgdz')).toBe(10);
    const later = await send();
    expect(body(later).message).toBe(WALLET_SERVER_MSG.transferDone);
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(90));
  });

  it('replays a refusal for its key too, even once the player could afford it', async () => {
    const { token, userId } = await fundedPlayer(t, yuan(5));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/transfer',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'refused-key-0001' },
        payload: { amount: 10, sourcetype: 'userbalance', targettype: 'fgdz' },
      });
    expect((await send()).statusCode).toBe(422);
    await t.app.inject({
      method: 'POST',
      url: '/api/transall',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await send()).statusCode).toBe(422);
    expect(await t.ctx.ledger.balance({ central: userId })).toBe(yuan(5));
  });

  it('still settles with a slow venue', async () => {
    const { token } = await fundedPlayer(t, yuan(10));
    t.ctx.demoVenue.behaviour = { latencyMs: 150, fault: () => 'none' };
    const res = await post(
      t.app,
      '/api/transfer',
      { amount: 10, sourcetype: 'userbalance', targettype: 'pp' },
      token,
    );
    expect(body(res).message).toBe(WALLET_SERVER_MSG.transferDone);
  });

  it.each([
    '/api/balancelist',
    '/api/transfer',
    '/api/uptransferstatus',
    '/api/getcard',
    '/api/bindcard',
    '/api/delcard',
    '/api/withdraw',
    '/api/getBetAmount',
  ])('answers 401 on %s without a token', async (url) => {
    expect((await post(t.app, url, {})).statusCode).toBe(401);
  });
});
