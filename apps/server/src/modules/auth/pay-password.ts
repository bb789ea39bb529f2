import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { refused, tooMany, unauthorized } from '../../lib/errors';
import { verifyPassword } from './passwords';

const MAX_FAILURES = 5;
const LOCK_MS = 30 * 60 * 1000;

/**
 * Checks the player's pay password. Five wrong answers in a row lock pay-password checks for 30
 * minutes; each wrong answer says how many tries are left.
 */
export async function checkPayPassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  const [user] = await ctx.db
    .select({
      hash: users.payPasswordHash,
      failures: users.failedPayPasswords,
      lockedUntil: users.payLockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw unauthorized('账号不存在');
  const now = ctx.clock.now();
  if (user.lockedUntil && user.lockedUntil > now) throw tooMany(WALLET_SERVER_MSG.payPasswordLocked);

  if (await verifyPassword(user.hash, password)) {
    if (user.failures > 0)
      await ctx.db
        .update(users)
        .set({ failedPayPasswords: 0, payLockedUntil: null })
        .where(eq(users.id, userId));
    return;
  }
  const [after] = await ctx.db
    .update(users)
    .set({
      failedPayPasswords: sql`CASE WHEN ${users.failedPayPasswords} + 1 >= ${MAX_FAILURES} THEN 0 ELSE ${users.failedPayPasswords} + 1 END`,
      payLockedUntil: sql`CASE WHEN ${users.failedPayPasswords} + 1 >= ${MAX_FAILURES} THEN ${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz ELSE ${users.payLockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedPayPasswords });
  const failures = after?.failures ?? 0;
  if (failures === 0) throw tooMany(WALLET_SERVER_MSG.payPasswordLocked);
  throw refused(WALLET_SERVER_MSG.payPasswordWrong(MAX_FAILURES - failures));
}
