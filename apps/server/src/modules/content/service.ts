/**
 * The content module's public façade: what other modules may ask of it. The player's pages
 * (player-routes.ts) and the console's (operator-routes.ts) stay inside the module.
 */

/** Writes one in-site message to one player. */
export { insertMessage as sendMessage } from './repository';
