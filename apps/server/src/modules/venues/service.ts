/**
 * The venues module's public façade: what the rest of the server may ask of the venues table. It
 * imports only the module's repository, so the games module and the venue registry read through it
 * freely. The venues' status changes (operator-routes.ts) stay inside the module.
 */

export {
  /** Every venue, enabled or not, in the console's order (their order, then code). */
  allVenues,
  /** The enabled venues' codes as a subquery, for a statement that filters by them. */
  enabledVenueCodes,
  /** The enabled venues, in their order (the venue registry's list). */
  enabledVenues,
  /** The names of the venues named, by code. */
  venueNames,
  /** A venue's order as a scalar subquery (games sort by their venue's order in one statement). */
  venueSortOf,
} from './repository';
