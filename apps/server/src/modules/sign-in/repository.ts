import { eq, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { captchas } from '../../db/schema/users';

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
