/**
 * The applications module's public façade: what other modules may ask of the players' applications.
 * The queues and decisions are its operator routes' own.
 */

/** Files a player's agent application (the partner programme); false while one is open. */
export { insertAgentApplication } from './repository';
