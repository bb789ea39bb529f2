import { centsToAmount } from '@app/contract/money';
import type { RealityCheck } from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { sessionCreatedAt } from '../auth/service';
import { netResultSince } from '../games/service';
import { realityCheckMinutesOf, setRealityCheckMinutes } from '../players/service';

export async function realityCheckMinutes(ctx: AppContext, userId: number): Promise<number> {
  return realityCheckMinutesOf(ctx.db, userId);
}

export async function setRealityCheck(ctx: AppContext, userId: number, minutes: number): Promise<void> {
  await setRealityCheckMinutes(ctx.db, userId, minutes);
}

/** When the session began: the login the reality check counts from. */
export async function sessionStart(ctx: AppContext, sessionId: number): Promise<Date> {
  const at = await sessionCreatedAt(ctx.db, sessionId);
  if (!at) throw unauthorized('登录已失效，请重新登录');
  return at;
}

/** What the reminder shows: time since this session's login and the net result of bets placed since. */
export async function realityCheck(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
): Promise<RealityCheck> {
  const since = await sessionStart(ctx, auth.sessionId);
  const now = ctx.clock.now();
  return {
    interval: await realityCheckMinutes(ctx, auth.userId),
    logged_in_at: toBeijingString(since),
    elapsed: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)),
    net: centsToAmount(await netResultSince(ctx.db, auth.userId, since)),
  };
}
