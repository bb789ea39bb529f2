/** Beijing calendar months (`YYYY-MM`): Beijing keeps UTC+8 all year. */

const BEIJING_MS = 8 * 3_600_000;

/** The Beijing month a moment falls in. */
export function monthOf(at: Date): string {
  return new Date(at.getTime() + BEIJING_MS).toISOString().slice(0, 7);
}

/** The first moment of a Beijing month. */
export function monthStart(month: string): Date {
  return new Date(Date.parse(`${month}-01T00:00:00+08:00`));
}

/** The month after (`delta` 1) or before (-1). */
export function shiftMonth(month: string, delta: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** A month's moments: from its start (included) to the next month's (excluded). */
export const monthRange = (month: string) => ({
  start: monthStart(month),
  end: monthStart(shiftMonth(month, 1)),
});
