import { describe, expect, it } from 'vitest';
import { amountToInput, parseAmountInput, sanitizeAmountInput } from './amount-input';

describe('amount fields', () => {
  it('keeps digits and one decimal point with at most two decimals', () => {
    expect(sanitizeAmountInput('1a2b3')).toBe('123');
    expect(sanitizeAmountInput('12.345')).toBe('12.34');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
    expect(sanitizeAmountInput('.5')).toBe('0.5');
    expect(sanitizeAmountInput('007')).toBe('7');
    expect(sanitizeAmountInput('0.07')).toBe('0.07');
    expect(sanitizeAmountInput('-100')).toBe('100');
  });

  it('reads an empty field as no amount', () => {
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('100.5')).toBe(100.5);
  });

  it('fills a balance as text without exceeding it', () => {
    expect(amountToInput(10000)).toBe('10000');
    expect(amountToInput(123.45)).toBe('123.45');
    expect(amountToInput(0.1 + 0.2)).toBe('0.3');
    expect(amountToInput(0)).toBe('0');
  });
});
