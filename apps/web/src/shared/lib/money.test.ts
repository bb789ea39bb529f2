import { describe, expect, it } from 'vitest';
import { formatCurrency } from './money';
import { formatBeijingTime, formatCountdown } from './time';

describe('money and time helpers', () => {
  it('shows money with the $ symbol, thousands separators and two decimals', () => {
    expect(formatCurrency(10000)).toBe('$ 10,000.00');
    expect(formatCurrency(0.5)).toBe('$ 0.50');
    expect(formatCurrency(undefined)).toBe('$ 0.00');
  });

  it('shows instants in Beijing time', () => {
    expect(formatBeijingTime(new Date('2024-01-01T16:30:00Z'))).toBe('2024-01-02 00:30:00');
    expect(formatBeijingTime('2024-05-06 07:08:09')).toBe('2024-05-06 07:08:09');
  });

  it('counts down as mm:ss and stops at zero', () => {
    expect(formatCountdown(60 * 60 * 1000)).toBe('60:00');
    expect(formatCountdown(61_500)).toBe('01:01');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});
