/** The public surface other modules use. */
export { decideByApi } from './api-decisions';
export { type ReviewActor, reviewerOf } from './decisions';
export { fourEyesCheck, fourEyesThreshold } from './four-eyes';
