/**
 * The venues module's public façade: what the rest of the server may ask of the venues table. The
 * venues' console (operator-routes.ts) stays inside the module.
 */

/** The enabled venues, in their order (the venue registry's list). */
export { enabledVenues } from './repository';
