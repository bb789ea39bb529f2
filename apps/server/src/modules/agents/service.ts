/**
 * The agents module's public façade (the agent programme, issue 29): what other modules may ask.
 * The agent centre and 代理管理 are its own routes.
 */

/** Binds a new player to the agent whose link they registered through (inside the registration). */
export { attributeRegistration } from './attribution';
/** Closes a Beijing month's commission statements, once across all nodes. */
export { closeCommissionMonth, closeMonth } from './close';
/** Commission statements waiting for a decision (the dashboard). */
export { commissionReport, statementsWaiting } from './operator-pages';
