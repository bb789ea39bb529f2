import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
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
