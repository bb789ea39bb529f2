import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { refused, tooMany, unauthorized } from '../../lib/errors';
import { payPasswordHashOf } from '../players/service';
import { payPasswordAttempts, withAttemptSlot } from './attempts';
import { verifyPassword } from './passwords';

/**
 * Checks the player's pay password. Five wrong answers in a row lock pay-password checks for 30
 * minutes, however many arrive at once; each wrong answer says how many tries are left.
 */
export async function checkPayPassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  const hash = await payPasswordHashOf(ctx.db, userId);
  if (hash === undefined) throw unauthorized('账号不存在');
  const outcome = await withAttemptSlot(
    ctx,
    payPasswordAttempts,
    userId,
    WALLET_SERVER_MSG.payPasswordLocked,
    () => verifyPassword(hash, password),
  );
  if (outcome.ok) return;
  if (outcome.left === 0) throw tooMany(WALLET_SERVER_MSG.payPasswordLocked);
  throw refused(WALLET_SERVER_MSG.payPasswordWrong(outcome.left));
}
