/**
 * The applications module's public façade: the player's side of activity applications (filing and
 * reading their own) and their agent application. The operators' queues and decisions (operator-routes.ts) stay inside the module.
 */

export {
  /** One page of the player's activity applications, newest first, and how many there are. */
  activityApplicationPage,
  /** Files the player's application to an activity; false when they already applied to it. */
  fileActivityApplication,
  /** Whether the player has applied to the activity. */
  hasApplied,
  /** Files a player's agent application (the partner programme); false while one is open. */
  insertAgentApplication,
} from './repository';
