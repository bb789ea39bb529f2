import { SERVER_MSG } from '@app/contract/messages';
import { transferBodySchema } from '@app/contract/wallet';
import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../src/db/schema/payments';
import { idempotentReplies, venueTransfers, withdrawals } from '../src/db/schema/wallet';
import { SettableClock } from '../src/lib/clock';
import { fingerprintOf, IDEMPOTENCY_MSG, KEEP_MS, purgeIdempotencyKeys } from '../src/lib/idempotency';
import {
  body,
  createTestApp,
  type Envelope,
  fundedPlayer,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

const DEAD = 'gone-host:4242:deadbeef';

/**
 * Issue 12, point 2: a request in flight when its server died (kill -9) left its key claimed. A
 * retry must take the claim over once the holder's lease has run out, and then either report what
 * the first attempt did, once, or do it once. A key sent again with other parameters is refused.
 */
describe.each(targets)('Idempotency-Key recovery on %s', (target) => {
  let t: TestApp;
  const clock = new SettableClock();
  beforeAll(async () => {
    t = await createTestApp(target, { clock, demo: true });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
    expect(await violations(t.ctx)).toEqual([]);
  });

  const send = (url: string, payload: object, token: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    });
  const venueBalance = async (userId: number, venue: string) =>
    (await t.ctx.venues.balances({ userId })).find((b) => b.venue.code === venue)?.balance ?? 0n;
  const into = (venue: string, amount: number) => ({ amount, sourcetype: 'userbalance', targettype: venue });

  /** As a kill -9 leaves it: the claim still open, its answer never stored, its holder gone. */
  const crashed = (userId: number, key: string) =>
    t.ctx.db
      .update(idempotentReplies)
      .set({ status: 0, body: '', holder: DEAD, leaseUntil: new Date(clock.now().getTime() - 1_000) })
      .where(and(eq(idempotentReplies.userId, userId), eq(idempotentReplies.key, key)));

  it('takes over a claim whose holder died before anything moved, and moves the money once', async () => {
    const p = await fundedPlayer(t, 100_00n);
    const key = 'crash-before-move-01';
    const payload = into('pp', 10);
    await t.ctx.db.insert(idempotentReplies).values({
      userId: p.userId,
      key,
      route: '/api/transfer',
      fingerprint: fingerprintOf('/api/transfer', transferBodySchema.parse(payload)),
      status: 0,
      body: '',
      holder: DEAD,
      leaseUntil: new Date(clock.now().getTime() - 1_000),
      createdAt: new Date(clock.now().getTime() - 20_000),
    });
    const retry = await send('/api/transfer', payload, p.token, key);
    expect(body(retry)).toEqual({ code: 200, message: WALLET_SERVER_MSG.transferDone });
    expect(await send('/api/transfer', payload, p.token, key).then((r) => r.body)).toBe(retry.body);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(90_00n);
    expect(await venueBalance(p.userId, 'pp')).toBe(10_00n);
  });

  it('waits for a claim whose holder is alive, and replays its answer', async () => {
    const p = await fundedPlayer(t, 100_00n);
    const key = 'alive-holder-0001';
    t.ctx.demoVenue.behaviour = { latencyMs: 300, fault: () => 'none' };
    const [first, second] = await Promise.all([
      send('/api/transfer', into('ae', 10), p.token, key),
      new Promise((r) => setTimeout(r, 50)).then(() => send('/api/transfer', into('ae', 10), p.token, key)),
    ]);
    expect(second.body).toBe(first.body);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(90_00n);
  });

  it('reports a transfer the dead attempt made, once, without moving it again', async () => {
    const p = await fundedPlayer(t, 100_00n);
    const key = 'crash-after-move-01';
    expect(body(await send('/api/transfer', into('fgdz', 30), p.token, key)).code).toBe(200);
    await crashed(p.userId, key);
    const retry = await send('/api/transfer', into('fgdz', 30), p.token, key);
    expect(body(retry)).toEqual({ code: 200, message: WALLET_SERVER_MSG.transferDone });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(70_00n);
    expect(await venueBalance(p.userId, 'fgdz')).toBe(30_00n);
    const records = await t.ctx.db.select().from(venueTransfers).where(eq(venueTransfers.userId, p.userId));
    expect(records).toHaveLength(1);
  });

  it('settles a transfer the dead attempt left awaiting settlement, by its own order id', async () => {
    const p = await fundedPlayer(t, 100_00n);
    const key = 'crash-while-pending-01';
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'timeout_before_apply' };
    expect(body(await send('/api/transfer', into('obzr', 25), p.token, key)).message).toBe(
      WALLET_SERVER_MSG.transferPending,
    );
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
    await crashed(p.userId, key);
    expect(body(await send('/api/transfer', into('obzr', 25), p.token, key))).toEqual({
      code: 200,
      message: WALLET_SERVER_MSG.transferDone,
    });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(75_00n);
    expect(await venueBalance(p.userId, 'obzr')).toBe(25_00n);
    expect(
      await t.ctx.db.select().from(venueTransfers).where(eq(venueTransfers.userId, p.userId)),
    ).toHaveLength(1);
  });

  it('reports a recovery the dead attempt made, instead of finding nothing left to recover', async () => {
    const p = await fundedPlayer(t, 100_00n);
    for (const venue of ['obgdy', 'obcp']) await post(t.app, '/api/transfer', into(venue, 20), p.token);
    const key = 'crash-recover-all-01';
    expect(body(await send('/api/transall', {}, p.token, key)).message).toBe(SERVER_MSG.recoverDone);
    await crashed(p.userId, key);
    expect(body(await send('/api/transall', {}, p.token, key)).message).toBe(SERVER_MSG.recoverDone);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(100_00n);
  });

  it('reports a withdrawal the dead attempt made, and holds its amount once', async () => {
    const p = await playerWithBoundCard(t, 500_00n);
    const key = 'crash-withdraw-0001';
    const payload = { amount: 120, bank: p.cardId, password: 'paypass123' };
    expect(body(await send('/api/withdraw', payload, p.token, key))).toEqual({
      code: 200,
      message: WALLET_MSG.submitted,
    });
    await crashed(p.userId, key);
    expect(body(await send('/api/withdraw', payload, p.token, key))).toEqual({
      code: 200,
      message: WALLET_MSG.submitted,
    });
    expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, p.userId))).toHaveLength(1);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(380_00n);
  });

  it('answers the deposit order the dead attempt opened, and opens no second one', async () => {
    const p = await fundedPlayer(t, 0n);
    const key = 'crash-recharge-0001';
    const payload = { paytype: 'card', amount: 200, bank_owner: '王五', bank: '中国银行' };
    const first = body(await send('/api/recharge', payload, p.token, key));
    await crashed(p.userId, key);
    const retry = body(await send('/api/recharge', payload, p.token, key));
    expect(retry).toEqual(first);
    expect(await t.ctx.db.select().from(deposits).where(eq(deposits.userId, p.userId))).toHaveLength(1);
  });

  it.each([
    ['another amount', '/api/transfer', into('pp', 11)],
    ['another venue', '/api/transfer', into('ae', 10)],
    ['another direction', '/api/transfer', { amount: 10, sourcetype: 'pp', targettype: 'userbalance' }],
    ['another route', '/api/transall', {}],
  ])('refuses the key sent again with %s, and moves nothing', async (_case, url, payload) => {
    const p = await fundedPlayer(t, 100_00n);
    const key = `reused-key-${Math.random().toString(36).slice(2)}`;
    expect(body(await send('/api/transfer', into('pp', 10), p.token, key)).code).toBe(200);
    const reused = await send(url, payload, p.token, key);
    expect(reused.statusCode).toBe(409);
    expect(body(reused)).toEqual<Envelope>({ code: 409, message: IDEMPOTENCY_MSG.reused });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(90_00n);
    expect(await venueBalance(p.userId, 'pp')).toBe(10_00n);
  });

  it('keeps keys for 24 hours, then the purge job forgets them and the key is a new request', async () => {
    const p = await fundedPlayer(t, 100_00n);
    const key = 'purged-after-a-day-01';
    await send('/api/transfer', into('obty', 10), p.token, key);
    clock.set(new Date(clock.now().getTime() + KEEP_MS - 60_000));
    await purgeIdempotencyKeys(t.ctx);
    await send('/api/transfer', into('obty', 10), p.token, key);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(90_00n);
    clock.set(new Date(clock.now().getTime() + 120_000));
    expect((await purgeIdempotencyKeys(t.ctx)).purged).toBeGreaterThanOrEqual(1);
    expect(body(await send('/api/transfer', into('obty', 10), p.token, key)).code).toBe(200);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(80_00n);
  });
});
