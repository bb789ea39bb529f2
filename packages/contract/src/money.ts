/**
 * Money is integer cents everywhere it is stored or summed; amounts travel as JSON numbers with at
 * most two decimals. These are the only two crossings between the two forms.
 */
export function centsToAmount(cents: bigint | number): number {
  const c = typeof cents === 'bigint' ? cents : BigInt(Math.trunc(cents));
  const negative = c < 0n;
  const abs = negative ? -c : c;
  const value = Number(abs / 100n) + Number(abs % 100n) / 100;
  return negative ? -value : value;
}

/**
 * The largest amount (in units, not cents) any single money movement may carry: far above any real
 * deposit, transfer or withdrawal, far below what cents in a bigint column and exact float
 * arithmetic can hold.
 */
export const MAX_AMOUNT = 1_000_000_000;

/** Parses an amount with at most two decimals into cents; null when it has more, is not finite or is past MAX_AMOUNT. */
export function amountToCents(amount: number): bigint | null {
  if (!Number.isFinite(amount) || Math.abs(amount) > MAX_AMOUNT) return null;
  const text = amount.toFixed(2);
  if (Math.abs(Number(text) - amount) > 1e-9) return null;
  const [whole = '0', frac = '00'] = text.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(frac);
  return amount < 0 ? -cents : cents;
}

/** Formats an amount for display with two decimals and thousands separators, e.g. 10,000.00. */
export function formatMoney(amount: number): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * Money as the spec shows it (spec 1): the symbol $, a space, the amount, e.g. "$ 10,000.00"; a
 * negative amount keeps its sign ahead of the symbol ("-$ 30.00"), `signed` puts "+" before a gain.
 */
export function formatCurrency(amount: number | null | undefined, { signed = false } = {}): string {
  const value = amount ?? 0;
  const sign = value < 0 ? '-' : signed && value > 0 ? '+' : '';
  return `${sign}$ ${formatMoney(Math.abs(value))}`;
}
