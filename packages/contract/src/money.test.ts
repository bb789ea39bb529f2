import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatCurrency, formatMoney, MAX_AMOUNT } from './money';

describe('money crossings', () => {
  it('turns amounts with up to two decimals into exact cents', () => {
    expect(amountToCents(10000)).toBe(1_000_000n);
    // Binary float noise far below a cent is read as the cent it stands for.
    expect(amountToCents(0.1 + 0.2)).toBe(30n);
    expect(amountToCents(0.3)).toBe(30n);
    expect(amountToCents(19.99)).toBe(1999n);
    expect(amountToCents(-5.5)).toBe(-550n);
  });

  it('refuses more than two decimals, non-finite numbers and amounts past the bound', () => {
    expect(amountToCents(MAX_AMOUNT)).toBe(BigInt(MAX_AMOUNT) * 100n);
    expect(amountToCents(-MAX_AMOUNT - 0.01)).toBeNull();
    for (const huge of [MAX_AMOUNT + 0.01, 1e17, 1e21, 1e308]) expect(amountToCents(huge)).toBeNull();
    expect(amountToCents(1.005)).toBeNull();
    expect(amountToCents(Number.NaN)).toBeNull();
    expect(amountToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('round-trips every cent value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -BigInt(MAX_AMOUNT) * 100n, max: BigInt(MAX_AMOUNT) * 100n }), (cents) => {
        expect(amountToCents(centsToAmount(cents))).toBe(cents);
      }),
    );
  });

  it('formats with separators and two decimals', () => {
    expect(formatMoney(10000)).toBe('10,000.00');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
  });

  it('shows money as the spec does, with $: a loss keeps its sign ahead of it, a gain may show its +', () => {
    expect(formatCurrency(300)).toBe('$ 300.00');
    expect(formatCurrency(-30)).toBe('-$ 30.00');
    expect(formatCurrency(12.5, { signed: true })).toBe('+$ 12.50');
    expect(formatCurrency(0, { signed: true })).toBe('$ 0.00');
  });
});
