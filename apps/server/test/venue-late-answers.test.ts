import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { venueTransfers } from '../src/db/schema/wallet';
import { SettableClock } from '../src/lib/clock';
import { reconcileVenueTransfers } from '../src/modules/wallet/venue-transfers';
import { body, createTestApp, fundedPlayer, post, type TestApp, targets, violations } from './harness';

const LATE_MS = 70_000;

/**
 * Issue 12, point 1: the venue receives a transfer, the platform stops waiting for the answer, and
 * the venue applies it 70 s later, after reconciliation has asked about it. Whatever reconciliation
 * concluded must still hold once the late arrival has come: no money is made or lost.
 */
describe.each(targets)('a venue answer that arrives after reconciliation on %s', (target) => {
  let t: TestApp;
  const clock = new SettableClock();
  beforeAll(async () => {
    t = await createTestApp(target, { clock });
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
  });

  const venueBalance = async (userId: number, venue: string) =>
    (await t.ctx.venues.balances({ userId })).find((b) => b.venue.code === venue)?.balance ?? 0n;
  const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

  /**
   * A transfer the venue receives, whose answer never comes, and which the venue applies 70 s
   * later, after reconciliation has concluded: answers how the late arrival went at the venue.
   */
  const appliedLate = async (token: string, payload: object) => {
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'apply_late' };
    const res = await post(t.app, '/api/transfer', payload, token);
    expect(body(res)).toEqual({ code: 200, message: WALLET_SERVER_MSG.transferPending });
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
    later(LATE_MS);
    expect(await reconcileVenueTransfers(t.ctx)).toMatchObject({ refunded: 1 });
    return t.ctx.demoVenue.releaseLateApplies();
  };

  it('a transfer in applied 70 s late: the refund and the late credit never both happen', async () => {
    const p = await fundedPlayer(t, 100_00n);
    const late = await appliedLate(p.token, { amount: 20, sourcetype: 'userbalance', targettype: 'obgdy' });
    expect(late).toEqual(['refused']);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(100_00n);
    expect(await venueBalance(p.userId, 'obgdy')).toBe(0n);
    expect(await violations(t.ctx)).toEqual([]);
  });

  it('a transfer out applied 70 s late: the failure and the late debit never both happen', async () => {
    const p = await fundedPlayer(t, 100_00n);
    await post(
      t.app,
      '/api/transfer',
      { amount: 50, sourcetype: 'userbalance', targettype: 'fgdz' },
      p.token,
    );
    const late = await appliedLate(p.token, { amount: 30, sourcetype: 'fgdz', targettype: 'userbalance' });
    expect(late).toEqual(['refused']);
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(50_00n);
    expect(await venueBalance(p.userId, 'fgdz')).toBe(50_00n);
    expect(await violations(t.ctx)).toEqual([]);
  });

  it('a transfer applied before reconciliation’s void is settled as applied, not refunded', async () => {
    const p = await fundedPlayer(t, 100_00n);
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'apply_late' };
    await post(t.app, '/api/transfer', { amount: 40, sourcetype: 'userbalance', targettype: 'pp' }, p.token);
    expect(await t.ctx.demoVenue.releaseLateApplies()).toEqual(['applied']);
    later(LATE_MS);
    expect(await reconcileVenueTransfers(t.ctx)).toMatchObject({ settled: 1 });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(60_00n);
    expect(await venueBalance(p.userId, 'pp')).toBe(40_00n);
    expect(await violations(t.ctx)).toEqual([]);
  });

  it('the venue keeps a void: the id is refused whenever it arrives, and a void after an apply says applied', async () => {
    const p = await fundedPlayer(t, 0n);
    const venue = t.ctx.demoVenue;
    expect(await venue.voidTransfer('ae', 'VI-never-sent')).toBe('voided');
    await expect(venue.transferIn('ae', { userId: p.userId }, 'VI-never-sent', 5_00n)).rejects.toThrow(
      '订单已作废',
    );
    expect(await venue.voidTransfer('ae', 'VI-never-sent')).toBe('voided');
    await venue.transferIn('ae', { userId: p.userId }, 'VI-applied', 5_00n);
    expect(await venue.voidTransfer('ae', 'VI-applied')).toBe('applied');
    await venue.transferIn('ae', { userId: p.userId }, 'VI-applied', 5_00n);
    expect(await venueBalance(p.userId, 'ae')).toBe(5_00n);
    // Direct venue calls above moved the venue's wallet without the platform: put it back.
    await venue.transferOut('ae', { userId: p.userId }, 'VO-cleanup', 5_00n);
  });

  it('a refusal is voided at the venue before the money returns, so a late copy of the call is refused', async () => {
    const p = await fundedPlayer(t, 100_00n);
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'fail' };
    const res = await post(
      t.app,
      '/api/transfer',
      { amount: 10, sourcetype: 'userbalance', targettype: 'obby' },
      p.token,
    );
    expect(res.statusCode).toBe(422);
    t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
    const [order] = await t.ctx.db.select().from(venueTransfers).where(eq(venueTransfers.userId, p.userId));
    await expect(
      t.ctx.demoVenue.transferIn('obby', { userId: p.userId }, order?.orderNo ?? '', 10_00n),
    ).rejects.toThrow('订单已作废');
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(100_00n);
    expect(await violations(t.ctx)).toEqual([]);
  });
});
