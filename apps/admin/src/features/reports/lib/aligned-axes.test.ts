import { describe, expect, it } from 'vitest';
import { alignedAxes } from './aligned-axes';

/** Where zero sits on an axis, as a share of its height from the bottom. */
const zeroAt = (a: { min: number; max: number }) => -a.min / (a.max - a.min);

describe('the 30-day chart’s two axes', () => {
  it('puts the active players’ zero at the money axis’s zero when the venues’ result is negative', () => {
    const [money, players] = alignedAxes([12_000, 3_500, -1_800, 800], [0, 7, 12, 3]);
    expect(money.min).toBeLessThan(-1_800 + 1);
    expect(money.max).toBeGreaterThanOrEqual(12_000);
    expect(players.max).toBeGreaterThanOrEqual(12);
    expect(zeroAt(players)).toBeCloseTo(zeroAt(money));
    expect(Number.isInteger(players.interval)).toBe(true);
    expect((money.max - money.min) / money.interval).toBeCloseTo(
      (players.max - players.min) / players.interval,
    );
  });

  it('starts both at zero when nothing is negative, and draws an empty month', () => {
    expect(alignedAxes([100, 250], [3, 4])).toEqual([
      { min: 0, max: 250, interval: 50 },
      { min: 0, max: 5, interval: 1 },
    ]);
    expect(alignedAxes([0], [0])).toEqual([
      { min: 0, max: 1, interval: 1 },
      { min: 0, max: 1, interval: 1 },
    ]);
  });
});
