/**
 * The reports module's public façade: what the rest of the server may ask of the operators'
 * figures. The dashboard and the reports are its operator routes' own.
 */

/** The ledger kinds of the bonuses a player is paid (rebates, red packets, activity bonuses, manual credits). */
export { BONUS_KINDS } from './figures';
/** Verifies the ledger and records the outcome the dashboard shows (the ten-minute job). */
export { verifyAndRecordLedger } from './ledger-check';
