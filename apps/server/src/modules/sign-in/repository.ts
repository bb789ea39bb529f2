import { eq, lt } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { captchas, users } from '../../db/schema/users';

export async function insertCaptcha(
  q: Queryable,
  key: string,
  answer: string,
  expiresAt: Date,
): Promise<void> {
  await q.insert(captchas).values({ key, answer, expiresAt });
}

/** Removes the captcha and answers what it held: a key serves one attempt, right or wrong. */
export async function takeCaptcha(
  q: Queryable,
  key: string,
): Promise<{ answer: string; expiresAt: Date } | undefined> {
  const [row] = await q
    .delete(captchas)
    .where(eq(captchas.key, key))
    .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt });
  return row;
}

export async function deleteExpiredCaptchas(q: Queryable, now: Date): Promise<void> {
  await q.delete(captchas).where(lt(captchas.expiresAt, now));
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  return row;
}

export async function userExists(q: Queryable, id: number): Promise<boolean> {
  const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

export async function recordLogin(q: Queryable, userId: number, ip: string) {
  await q.update(users).set({ lastLoginAt: new Date(), lastLoginIp: ip }).where(eq(users.id, userId));
}
