/**
 * The rewards module's public façade: what the rest of the server may ask of rebates and red
 * packets. Claiming and grabbing are its player routes' own.
 */

/** Computes a closed Beijing day's rebates, adding only what is still owed when run again (daily job). */
export { computeRebates } from './rebates';
