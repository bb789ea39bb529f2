import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { captchas, sessions, users } from '../../db/schema/users';

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

export async function findUserByUsername(q: Queryable, username: string) {
  const [row] = await q.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
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

export async function insertSession(q: Queryable, values: typeof sessions.$inferInsert): Promise<void> {
  await q.insert(sessions).values(values);
}

const liveSessionQuery = preparedPerDb((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      userStatus: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('live_session'),
);

/** The live session holding this token hash, with the fields a request needs (a hot path: prepared). */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, now });
  return row;
}

export async function touchSession(q: Queryable, id: number, now: Date, expiresAt: Date): Promise<void> {
  await q.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function revokeSession(q: Queryable, id: number, now: Date): Promise<void> {
  await q.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
}

export async function revokeUserSessions(q: Queryable, userId: number, now: Date): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
