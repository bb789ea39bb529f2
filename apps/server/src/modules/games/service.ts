/** The public surface other modules use. */
export { ingestBets } from './bets';
