import type { GuardedAction } from '@app/contract/protection';
import type { AppContext } from '../../context';
import { guardOf } from './guard';
import { checkLossLimits } from './limits';
import { assertNoneBinds } from './restrictions';

/** The public surface other modules use. */
export { type ProtectionCache, protectionCacheOn } from './guard-cache';
export { checkDepositLimits, endPlayAtReachedLossLimits } from './limits';
export { notifySecurity } from './notices';
export { realityCheckMinutes, sessionStart } from './reality-check';
export { assertNotRestricted, isRestricted, unrestrictedPlayers } from './restrictions';

/**
 * Before money goes into play (a transfer into a venue, a game launch): no time-out or exclusion
 * binds the player, and no loss limit is reached (a restriction is the answer when both refuse).
 * The player's rows come from this process's cache; the losses are read only against a limit.
 */
export async function assertMayPlay(ctx: AppContext, userId: number, action: GuardedAction): Promise<void> {
  const guard = await guardOf(ctx, userId);
  const now = ctx.clock.now();
  assertNoneBinds(guard.restrictions, now, action);
  await checkLossLimits(ctx, userId, guard.lossLimits, now);
}
