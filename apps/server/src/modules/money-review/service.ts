/**
 * The money review's public façade: what other modules may ask of the operators' review of deposits,
 * withdrawals and transfers. Claims, decisions and queues are its operator routes' own.
 */

/** Claims and decides an order in one step for the operator API (a retry moves nothing). */
export { decideByApi } from './api-decisions';
/** An operator able to decide money (one with an operator id), or 403 for the start-up token. */
export { type ReviewActor, reviewerOf } from './decisions';
/** Whether one operator may move an amount for a player alone (the four-eyes threshold over 24 h). */
export { fourEyesCheck, fourEyesThreshold } from './four-eyes';
