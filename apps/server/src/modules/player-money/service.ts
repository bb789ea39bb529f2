/**
 * The player-money module's public façade: what other modules may ask of the manual adjustments. It
 * imports only the module's repository (the money review's four-eyes check reads through it, and
 * the module's operator routes call the money review back).
 */

/** The cents an operator applied alone (requested and decided) as adjustments for a player since a moment. */
export { appliedAloneSince } from './repository';
