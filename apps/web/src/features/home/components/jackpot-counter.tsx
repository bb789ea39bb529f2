/**
 * The decorative jackpot counter (spec 9): from 60,000,000, 13 characters with 2 decimals.
 * A later issue builds it; until then it renders nothing (no placeholder data on the home page).
 */
export function JackpotCounter() {
  return null;
}
