/**
 * The deposits module's public façade: what other modules may ask of deposit orders. The player's
 * pages (player-routes.ts, orders.ts) stay inside the module.
 */

/** Credits a paid order once (the gateway's statement or an operator's approval), in the caller's transaction or its own. */
export { creditDeposit } from './credit';
export {
  /** The player's deposits approved in a range, in cents (a red packet's recharge). */
  approvedDepositsBetween,
  /** The player's deposits approved since a moment: their sum in cents (text) and count. */
  approvedDepositTally,
  /** Closes a pending order unpaid (an operator's rejection); undefined when it was no longer pending. */
  closePendingDeposit,
  /** The player's orders since a moment that may still be credited or were, oldest first (the deposit limits). */
  depositsSince,
  /** Opens an order as it is given (the demo seed's; players open theirs through orders.ts). */
  insertDeposit,
} from './repository';
export {
  /** An order with its channel's kind (online orders are not reviewed), or undefined. */
  depositWithChannelKind,
  /** Closes the online orders nobody paid within the payment window (the interval job). */
  expireUnpaidDeposits,
  /** Deposits in a state, oldest first, as the operator reviews them. */
  listDeposits,
} from './review';
