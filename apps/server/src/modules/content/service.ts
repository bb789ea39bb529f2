/**
 * The content module's public façade: what other modules may ask of it. The player's pages
 * (player-routes.ts) and the console's (operator-routes.ts) stay inside the module.
 */

export {
  /** The titles of activities by id, hidden ones too (an application names its activity). */
  activityTitlesByIds,
  /** Writes one in-site message to one player. */
  insertMessage as sendMessage,
} from './repository';
