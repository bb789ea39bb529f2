import { and, eq, ne } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { avatars } from '../../db/schema/avatars';
import { users } from '../../db/schema/users';

/** Stores the player's new avatar, drops the older ones and points the profile at the new path. */
export async function replaceAvatar(
  tx: Tx,
  avatar: typeof avatars.$inferInsert & { createdAt: Date },
  path: string,
): Promise<void> {
  await tx.insert(avatars).values(avatar);
  await tx.delete(avatars).where(and(eq(avatars.userId, avatar.userId), ne(avatars.id, avatar.id)));
  await tx.update(users).set({ avatar: path }).where(eq(users.id, avatar.userId));
}

export async function findAvatar(q: Queryable, id: string) {
  const [row] = await q
    .select({ mime: avatars.mime, data: avatars.data })
    .from(avatars)
    .where(eq(avatars.id, id));
  return row;
}

export async function updateContact(
  q: Queryable,
  userId: number,
  contact: { mobile: string; email: string; birthday: string },
): Promise<void> {
  await q.update(users).set(contact).where(eq(users.id, userId));
}

export async function loginPasswordHashOf(q: Queryable, userId: number): Promise<string | undefined> {
  const [user] = await q.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return user?.hash;
}

export async function setLoginPassword(q: Queryable, userId: number, hash: string, at: Date): Promise<void> {
  await q.update(users).set({ passwordHash: hash, passwordChangedAt: at }).where(eq(users.id, userId));
}

export async function setPayPassword(q: Queryable, userId: number, hash: string, at: Date): Promise<void> {
  await q.update(users).set({ payPasswordHash: hash, payPasswordChangedAt: at }).where(eq(users.id, userId));
}

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
