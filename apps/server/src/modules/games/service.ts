/**
 * The games module's public façade: what the rest of the server may ask of it. The catalogue, the
 * launch and the player's bet records are its player routes' own (player-routes.ts).
 */

/** Records each venue's new settled bets once and lowers the players' turnover (the bet-feed job). */
export { ingestBets } from './bets';
/** The names of games by `venue:code` (the audit log's targets). */
export {
  gameNamesByKey,
  /** Per player, the bets settled in a period: stakes, valid stakes, net result (the agents' statements). */
  settledBetTotals,
} from './repository';
