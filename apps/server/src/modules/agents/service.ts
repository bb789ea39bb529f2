/**
 * The agents module's public façade (the agent programme, issue 29): what other modules may ask.
 * The agent centre and 代理管理 are its own routes.
 */

/** Binds a new player to the agent whose link they registered through (inside the registration). */
export { attributeRegistration } from './attribution';
/** Closes a Beijing month's commission statements, once across all nodes. */
export { closeCommissionMonth, closeMonth } from './close';
/** The Beijing month a moment falls in, the month before or after, and a month's moments. */
export { monthOf, monthRange, shiftMonth } from './months';
/** Commission statements waiting for a decision (the dashboard). */
export { commissionReport, statementsWaiting } from './operator-pages';
/** A new commission plan (its first version), and an agent's plan (the demo seed; 代理管理 has routes). */
export { assignPlan, createPlan } from './plans';
