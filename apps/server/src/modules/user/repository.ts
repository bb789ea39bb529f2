import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { users } from '../../db/schema/users';

export async function findProfile(q: Queryable, userId: number) {
  const [row] = await q
    .select({
      username: users.username,
      realname: users.realname,
      avatar: users.avatar,
      mobile: users.mobile,
      email: users.email,
      birthday: users.birthday,
      vip: users.vip,
      isAgent: users.isAgent,
      transferStatus: users.transferStatus,
      createdAt: users.createdAt,
      depositTotal: users.depositTotal,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Locks the player's row until the transaction ends: the lock that serialises a player's
 * counted rules (pending deposit orders, cards per kind), so a count and the insert it allows
 * cannot interleave with another request's.
 */
export async function lockPlayer(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
