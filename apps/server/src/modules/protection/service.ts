import type { GuardedAction } from '@app/contract/protection';
import type { AppContext } from '../../context';
import { checkLossLimits } from './limits';
import { assertNotRestricted } from './restrictions';

/** The public surface other modules use. */
export { checkDepositLimits, checkLossLimits } from './limits';
export { notifySecurity } from './notices';
export { realityCheckMinutes, sessionStart } from './reality-check';
export { assertNotRestricted, isRestricted, unrestrictedPlayers } from './restrictions';

/**
 * Before money goes into play (a transfer into a venue, a game launch): no time-out or exclusion
 * binds the player, and no loss limit is reached. Both are read at once; a restriction is the
 * answer when both refuse.
 */
export async function assertMayPlay(ctx: AppContext, userId: number, action: GuardedAction): Promise<void> {
  const [restriction, losses] = await Promise.allSettled([
    assertNotRestricted(ctx, userId, action),
    checkLossLimits(ctx, userId),
  ]);
  if (restriction.status === 'rejected') throw restriction.reason;
  if (losses.status === 'rejected') throw losses.reason;
}
