import { waitAtMost } from '@/shared/lib/wait-at-most';

/** How long a page's first render waits for the answers its first screen shows. */
export const FIRST_SCREEN_WAIT_MS = 400;

/**
 * Waits for the answers a page's first screen shows (queries prefetched into the cache; the entry has
 * usually asked them already: early-answers.ts), at most FIRST_SCREEN_WAIT_MS. The page then renders
 * with them in its first commit, its largest picture included, instead of an empty box the picture
 * appears in one render later. A slow or failed answer only means the page renders without it; its
 * query carries on as usual.
 */
export const firstScreenAnswers = (prefetches: Promise<void>[]): Promise<void> =>
  waitAtMost(Promise.all(prefetches), FIRST_SCREEN_WAIT_MS);
