import type { PictureFormat } from '@app/contract/pictures';
import { and, desc, eq, lte, ne } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { avatars, avatarVariants } from '../../db/schema/avatars';
import { users } from '../../db/schema/users';
import type { PictureVariant } from '../../lib/picture-variants';

/** Stores the player's new avatar with its copies, drops the older ones (their copies go with them) and points the profile at the new path. */
export async function replaceAvatar(
  tx: Tx,
  avatar: typeof avatars.$inferInsert & { createdAt: Date },
  variants: PictureVariant[],
  path: string,
): Promise<void> {
  await tx.insert(avatars).values(avatar);
  await insertAvatarVariants(tx, avatar.id, variants);
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

export async function insertAvatarVariants(q: Queryable, avatarId: string, variants: PictureVariant[]) {
  if (variants.length === 0) return;
  await q
    .insert(avatarVariants)
    .values(variants.map((v) => ({ avatarId, ...v })))
    .onConflictDoNothing();
}

/** The copy of `format` that answers a width asked for: the largest made for that width or below. */
export async function findAvatarVariant(
  q: Queryable,
  avatarId: string,
  format: PictureFormat,
  askedWidth: number,
) {
  const [row] = await q
    .select({ data: avatarVariants.data })
    .from(avatarVariants)
    .where(
      and(
        eq(avatarVariants.avatarId, avatarId),
        eq(avatarVariants.format, format),
        lte(avatarVariants.askedWidth, askedWidth),
      ),
    )
    .orderBy(desc(avatarVariants.askedWidth))
    .limit(1);
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
