/**
 * The games module's public façade: what the rest of the server may ask of the catalogue and the
 * bets recorded. It imports only the module's repositories, so any module may read bets through it
 * (the bet feed that records them is modules/bet-feed). The catalogue, the launch and the player's
 * bet records are its player routes' own (player-routes.ts).
 */

export {
  /** The player's bets placed since a moment: their summed result in cents (text) and count. */
  betTally,
  /** Records a bet once (by venue and bet id); false when it was recorded before. */
  insertBet,
  /** The player's loss of each settled bet since a moment (negative: a win), oldest first. */
  lossesSince,
  /** The player's net result of bets placed since a moment and settled, in cents. */
  netResultSince,
  /** Per player, the bets settled in a period: stakes, valid stakes, net result (the agents' statements). */
  settledBetTotals,
  /** The valid stake of the player's settled bets, in cents: all of them, or those settled in a range. */
  validBetTotal,
} from './bets-repository';
export {
  /** The category of each game of the venues named, by `venue:code` (how a recorded bet is classed). */
  gameCategories,
  /** A game's name and engine by venue and code (the demo venue serves the platform's catalogue). */
  gameEngine,
  /** The names of games by `venue:code` (the audit log's targets). */
  gameNamesByKey,
} from './repository';
