/** The public surface other modules use. */
export { checkDepositLimits, checkLossLimits } from './limits';
export { notifySecurity } from './notices';
export { realityCheckMinutes, sessionStart } from './reality-check';
export { assertNotRestricted, isRestricted, unrestrictedPlayers } from './restrictions';
