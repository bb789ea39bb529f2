import { type CommissionRules, EXAMPLE_RULES } from '@app/contract/agents';
import { describe, expect, it } from 'vitest';
import { lineOf, overridesOf, ownMonth, type PlayerMonth, planOf, tierOf } from './formula';

const Y = (yuan: number) => BigInt(Math.round(yuan * 100));
const player = (over: Partial<PlayerMonth> = {}): PlayerMonth => ({
  userId: 1,
  deposits: 0n,
  withdrawals: 0n,
  stakes: 0n,
  validStakes: 0n,
  payouts: 0n,
  bonuses: 0n,
  firstDepositInMonth: null,
  ...over,
});
const rules = (over: Partial<CommissionRules> = {}) => planOf({ ...EXAMPLE_RULES, ...over });

describe('the commission formula', () => {
  it('takes bonuses and the platform fee (of the net loss, or of the stakes) off stakes less payouts', () => {
    const p = player({ stakes: Y(1000), payouts: Y(600), bonuses: Y(100) });
    expect(lineOf(rules({ fee_percent: 10, fee_basis: 'net_loss' }), p)).toMatchObject({
      fee: Y(30),
      net: Y(270),
    });
    expect(lineOf(rules({ fee_percent: 10, fee_basis: 'stakes' }), p)).toMatchObject({
      fee: Y(100),
      net: Y(200),
    });
    // A winning player pays no fee on a net-loss basis.
    expect(lineOf(rules({ fee_percent: 10 }), player({ stakes: Y(100), payouts: Y(300) }))).toMatchObject({
      fee: 0n,
      net: Y(-200),
    });
  });

  it('counts an active member from the deposit and valid-stake thresholds, both included', () => {
    const plan = rules({ active_min_deposit: 100, active_min_valid_stake: 1000 });
    expect(lineOf(plan, player({ deposits: Y(100), validStakes: Y(1000) })).active).toBe(true);
    expect(lineOf(plan, player({ deposits: Y(99.99), validStakes: Y(1000) })).active).toBe(false);
    expect(lineOf(plan, player({ deposits: Y(100), validStakes: Y(999.99) })).active).toBe(false);
  });

  it('picks the highest tier whose net loss AND active members are both reached, at their edges', () => {
    const plan = rules();
    expect(tierOf(plan, Y(9_999.99), 2)).toBe(-1);
    expect(tierOf(plan, Y(10_000), 1)).toBe(-1);
    expect(tierOf(plan, Y(10_000), 2)).toBe(0);
    expect(tierOf(plan, Y(100_000), 4)).toBe(0);
    expect(tierOf(plan, Y(100_000), 5)).toBe(1);
    expect(tierOf(plan, Y(3_000_000), 17)).toBe(3);
    expect(tierOf(plan, Y(3_000_000), 18)).toBe(4);
  });

  it('carries a negative month into the next, or resets it, per plan', () => {
    const losing = [player({ stakes: Y(100), payouts: Y(5_100) })];
    const carry = ownMonth(rules({ negative: 'carry' }), losing, 0n);
    expect(carry).toMatchObject({ netLoss: Y(-5_000), carryOut: Y(-5_000), commission: 0n });
    const reset = ownMonth(rules({ negative: 'reset' }), losing, Y(-1_000));
    expect(reset).toMatchObject({ carryIn: 0n, carryOut: 0n, commission: 0n });

    // Next month 20,000 lost by 2 active members: 10 % of (20,000 - 5,000) when carried.
    const winning = [1, 2].map((userId) =>
      player({ userId, deposits: Y(100), validStakes: Y(10_000), stakes: Y(10_000) }),
    );
    expect(ownMonth(rules({ negative: 'carry' }), winning, Y(-5_000))).toMatchObject({
      netLoss: Y(20_000),
      tier: 0,
      commission: Y(1_500),
      carryOut: 0n,
    });
    expect(ownMonth(rules({ negative: 'reset' }), winning, Y(-5_000)).commission).toBe(Y(2_000));
    // A carry larger than the month keeps carrying what is left.
    expect(ownMonth(rules(), winning, Y(-25_000))).toMatchObject({ commission: 0n, carryOut: Y(-5_000) });
  });

  it('pays overrides per level on the own commissions below, and CPA per qualifying first deposit', () => {
    const plan = rules({ override_percents: [10, 5] });
    const lines = overridesOf(plan, [
      { agentId: 7, level: 1, commission: Y(1_000) },
      { agentId: 8, level: 2, commission: Y(333.33) },
      { agentId: 9, level: 3, commission: Y(1_000) },
    ]);
    expect(lines.map((l) => [l.agentId, l.amount])).toEqual([
      [7, Y(100)],
      [8, Y(16.66)],
    ]);

    const cpa = rules({ cpa_amount: 50, cpa_min_first_deposit: 200 });
    const month = ownMonth(
      cpa,
      [
        player({ userId: 1, firstDepositInMonth: Y(200) }),
        player({ userId: 2, firstDepositInMonth: Y(199.99) }),
        player({ userId: 3, deposits: Y(500) }),
      ],
      0n,
    );
    expect(month).toMatchObject({ cpaCount: 1, cpa: Y(50) });
  });
});
