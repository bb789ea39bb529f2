/** The public surface other modules use. */
export { fourEyesThreshold, type ReviewActor, reviewerOf } from './decisions';
