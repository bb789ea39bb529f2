import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { refused, tooMany, unauthorized } from '../../lib/errors';
import { payPasswordAttempts, withAttemptSlot } from './attempts';
import { verifyPassword } from './passwords';

/**
 * Checks the player's pay password. Five wrong answers in a row lock pay-password checks for 30
 * minutes, however many arrive at once; each wrong answer says how many tries are left.
 */
export async function checkPayPassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  const [user] = await ctx.db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized('账号不存在');
  const outcome = await withAttemptSlot(
    ctx,
    payPasswordAttempts,
    userId,
    WALLET_SERVER_MSG.payPasswordLocked,
    () => verifyPassword(user.hash, password),
  );
  if (outcome.ok) return;
  if (outcome.left === 0) throw tooMany(WALLET_SERVER_MSG.payPasswordLocked);
  throw refused(WALLET_SERVER_MSG.payPasswordWrong(outcome.left));
}
