import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { faultAtRates } from '../src/venues/demo/faults';
import { body, createTestApp, fundedPlayer, PRODUCTION_SECRETS, post, violations } from './harness';

const PRODUCTION = {
  NODE_ENV: 'production',
  ...PRODUCTION_SECRETS,
  DATABASE_URL: 'postgres://u:p@db.internal/xingyun',
};

/** The demo venue's faults (the chaos run's) are configuration that production refuses. */
describe('the demo venue’s test-only faults', () => {
  it.each([
    ['DEMO_VENUE_FAULTS', 'fail=10'],
    ['DEMO_VENUE_LATENCY_MS', '50'],
    ['DEMO_VENUE_LATE_APPLY_MS', '40000'],
  ])('refuses %s with NODE_ENV=production', (name, value) => {
    expect(() => loadConfig({ ...PRODUCTION, [name]: value })).toThrow(
      new RegExp(`${name}.*refused with NODE_ENV=production`),
    );
    expect(loadConfig({ ...PRODUCTION }).demoVenue).toBeUndefined();
  });

  it('reads them outside production, and refuses unknown faults and shares over 100 %', () => {
    expect(
      loadConfig({ DEMO_VENUE_FAULTS: 'fail=6.5, apply_late=1', DEMO_VENUE_LATE_APPLY_MS: '40000' })
        .demoVenue,
    ).toEqual({ latencyMs: 0, faults: { fail: 0.065, apply_late: 0.01 }, lateApplyMs: 40_000 });
    expect(() => loadConfig({ DEMO_VENUE_FAULTS: 'crash=5' })).toThrow(/DEMO_VENUE_FAULTS/);
    expect(() => loadConfig({ DEMO_VENUE_FAULTS: 'fail=' })).toThrow(/DEMO_VENUE_FAULTS/);
    expect(() => loadConfig({ DEMO_VENUE_FAULTS: 'fail=60,timeout_before_apply=50' })).toThrow(
      /more than 100/,
    );
  });

  it('draws each fault at its share', () => {
    const draws = [0, 0.05, 0.1, 0.15, 0.22, 0.3, 0.5, 0.99];
    const queue = [...draws];
    const next = faultAtRates(
      { fail: 0.1, timeout_after_apply: 0.1, apply_late: 0.05 },
      () => queue.shift() ?? 0,
    );
    expect(draws.map(() => next())).toEqual([
      'fail',
      'fail',
      'timeout_after_apply',
      'timeout_after_apply',
      'apply_late',
      'none',
      'none',
      'none',
    ]);
  });

  it('a server started with them shows them: every transfer refused, nothing moved', async () => {
    const t = await createTestApp('pglite', { env: { DEMO_VENUE_FAULTS: 'fail=100' } });
    try {
      const p = await fundedPlayer(t, 100_00n);
      const res = await post(
        t.app,
        '/api/transfer',
        { amount: 10, sourcetype: 'userbalance', targettype: 'pp' },
        p.token,
      );
      expect(body(res)).toEqual({
        code: 422,
        message: WALLET_SERVER_MSG.transferFailed('场馆维护中，请稍后再试'),
      });
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(100_00n);
      expect(await violations(t.ctx)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
