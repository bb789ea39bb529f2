/** The public surface other modules use. */
export { verifyAndRecordLedger } from './ledger-check';
