/**
 * The decorative jackpot counter of spec 9, kept in whole cents so that it never drifts:
 * - it starts at 60,000,000.00;
 * - every 50 ms it grows by a random amount from 0.00 to 49.99 (spec: "a random 0 to 49", taken as
 *   0-49 yuan and 0-99 cents, so that the two decimals move too);
 * - it runs 2000 ms, then pauses 800 ms (no growth), and so on: a cycle of 56 ticks, 40 growing;
 * - once it reaches 60,533,624.91 it wraps back to 60,000,000.00.
 */
export const JACKPOT = {
  startCents: 6_000_000_000,
  wrapCents: 6_053_362_491,
  maxStepCents: 4_999,
  tickMs: 50,
  runMs: 2000,
  pauseMs: 800,
} as const;

/** Ticks of one run-and-pause cycle, and how many of them grow the counter. */
const CYCLE_TICKS = (JACKPOT.runMs + JACKPOT.pauseMs) / JACKPOT.tickMs;
const GROWING_TICKS = JACKPOT.runMs / JACKPOT.tickMs;

/** Whether tick `n` (1, 2, 3… counted from the start) grows the counter or falls in a pause. */
export const tickGrows = (n: number) => (n - 1) % CYCLE_TICKS < GROWING_TICKS;

/** The next value: a random step, wrapping back to the start at the top. */
export function nextJackpot(cents: number, random: () => number = Math.random): number {
  const next = cents + Math.floor(random() * (JACKPOT.maxStepCents + 1));
  return next >= JACKPOT.wrapCents ? JACKPOT.startCents : next;
}

/** The display is always 13 characters. */
export const JACKPOT_WIDTH = 13;

/**
 * The amount as 13 characters: thousands separated by commas and two decimals, e.g. 60,000,123.45.
 * Every value the counter takes (60,000,000.00 to 60,533,624.91) is exactly 13 characters that way;
 * a shorter amount would be padded on the left with zeros ("09,999,999.99").
 */
export function formatJackpot(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${fraction}`.padStart(JACKPOT_WIDTH, '0');
}
