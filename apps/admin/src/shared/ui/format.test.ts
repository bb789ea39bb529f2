import { describe, expect, it } from 'vitest';
import { groupsOfFour, usd } from './format';

describe('money and secrets as operators read them', () => {
  it('shows money in dollars with two decimals and thousands separators', () => {
    expect(usd(1234.5)).toBe('$1,234.50');
    expect(usd(0)).toBe('$0.00');
    expect(usd(-12)).toBe('-$12.00');
    expect(usd(10_000_000.01)).toBe('$10,000,000.01');
  });

  it('splits a TOTP secret into groups of four for typing', () => {
    expect(groupsOfFour('GPYLL5FGDKSFMX32')).toBe('GPYL L5FG DKSF MX32');
  });
});
