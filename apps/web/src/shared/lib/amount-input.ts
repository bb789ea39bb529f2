/**
 * An amount field's text as the player types it: digits and one decimal point, at most two
 * decimals (amounts travel with two decimals at most), no leading zeros before other digits.
 */
export function sanitizeAmountInput(text: string): string {
  let cleaned = text.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot !== -1) {
    cleaned = `${cleaned.slice(0, dot)}.${cleaned
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, 2)}`;
  }
  if (cleaned.startsWith('.')) cleaned = `0${cleaned}`;
  return cleaned.replace(/^0+(?=\d)/, '');
}

/** The amount of a field's text; null when it is empty or not a number. */
export function parseAmountInput(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** An amount as a field's text ("10000", "12.5"), floored to cents so it never exceeds the balance. */
export function amountToInput(amount: number): string {
  const cents = Math.floor(Math.round(amount * 1000) / 10);
  return String(Math.max(cents, 0) / 100);
}
