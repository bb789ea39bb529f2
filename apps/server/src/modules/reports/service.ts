/**
 * The reports module's public façade: what the rest of the server may ask of the operators'
 * figures. The dashboard and the reports are its operator routes' own.
 */

/** Verifies the ledger and records the outcome the dashboard shows (the ten-minute job). */
export { verifyAndRecordLedger } from './ledger-check';
