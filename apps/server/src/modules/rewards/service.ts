/** The public surface other modules use. */
export { computeRebates } from './rebates';
