import { describe, expect, it } from 'vitest';
import { formatJackpot, JACKPOT, nextJackpot, tickGrows } from './jackpot';

describe('jackpot counter rules (spec 9)', () => {
  it('shows 13 characters: thousands commas and two decimals', () => {
    expect(formatJackpot(JACKPOT.startCents)).toBe('60,000,000.00');
    expect(formatJackpot(6_000_012_345)).toBe('60,000,123.45');
    expect(formatJackpot(JACKPOT.wrapCents)).toBe('60,533,624.91');
    expect(formatJackpot(6_000_000_007)).toBe('60,000,000.07');
    for (let cents = JACKPOT.startCents; cents <= JACKPOT.wrapCents; cents += 7_919_113)
      expect(formatJackpot(cents)).toHaveLength(13);
    // A shorter amount would be padded with zeros on the left.
    expect(formatJackpot(999_999_999)).toBe('09,999,999.99');
  });

  it('grows by 0.00 to 49.99 a step and wraps to 60,000,000.00 at 60,533,624.91', () => {
    expect(nextJackpot(JACKPOT.startCents, () => 0)).toBe(JACKPOT.startCents);
    expect(nextJackpot(JACKPOT.startCents, () => 0.999_999)).toBe(JACKPOT.startCents + 4_999);
    expect(nextJackpot(JACKPOT.startCents, () => 0.5)).toBe(JACKPOT.startCents + 2_500);
    expect(nextJackpot(JACKPOT.wrapCents - 10, () => 0.5)).toBe(JACKPOT.startCents);
    expect(nextJackpot(JACKPOT.wrapCents - 1, () => 0)).toBe(JACKPOT.wrapCents - 1);
    expect(nextJackpot(JACKPOT.wrapCents - 1, () => 0.001)).toBe(JACKPOT.startCents);
  });

  it('grows on 40 ticks of 50 ms (2000 ms), then pauses 16 (800 ms)', () => {
    const grows = Array.from({ length: 112 }, (_, i) => tickGrows(i + 1));
    expect(grows.slice(0, 40).every(Boolean)).toBe(true);
    expect(grows.slice(40, 56).some(Boolean)).toBe(false);
    expect(grows.slice(56, 96).every(Boolean)).toBe(true);
    expect(grows.slice(96, 112).some(Boolean)).toBe(false);
  });
});
