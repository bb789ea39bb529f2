import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { sessions, users } from '../../db/schema/users';

export async function findUserByUsername(q: Queryable, username: string) {
  const [row] = await q.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function insertSession(q: Queryable, values: typeof sessions.$inferInsert): Promise<void> {
  await q.insert(sessions).values(values);
}

const liveSessionQuery = perDatabase((db) =>
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

/** The live session by its id, with its token hash (a stream ticket is signed with it). */
export async function findLiveSessionById(q: Queryable, id: number, now: Date) {
  const [row] = await q
    .select({ userId: sessions.userId, tokenHash: sessions.tokenHash, userStatus: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

export async function touchSession(q: Queryable, id: number, now: Date, expiresAt: Date): Promise<void> {
  await q.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

/**
 * Whether the session is live, its row locked FOR SHARE until the caller's transaction ends. Every
 * revocation is an UPDATE of the row, which this lock conflicts with (FOR KEY SHARE would not): the
 * revocation waits for the caller to commit, or the caller waits for the revocation to commit and
 * then finds the session revoked.
 */
export async function lockLiveSession(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .for('share');
  return rows.length === 1;
}

export async function revokeSession(q: Queryable, id: number, now: Date): Promise<void> {
  await q.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
}

/** Revokes the player's open sessions; answers how many there were. */
export async function revokeUserSessions(q: Queryable, userId: number, now: Date): Promise<number> {
  const rows = await q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** When the session began (its login), or undefined when there is no such session. */
export async function sessionCreatedAt(q: Queryable, sessionId: number): Promise<Date | undefined> {
  const [row] = await q.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.at;
}

/** Where the player registered from: the address of their first session. */
export async function registrationIp(q: Queryable, userId: number): Promise<string> {
  const [row] = await q
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.id))
    .limit(1);
  return row?.ip ?? '';
}

const liveOf = (userId: number, now: Date) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** The player's live sessions, by last activity. */
export function liveSessions(q: Queryable, userId: number, now: Date) {
  return q
    .select()
    .from(sessions)
    .where(liveOf(userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of the player's own live sessions; answers the sessions it ended (none or one). */
export function revokeLiveSession(q: Queryable, userId: number, sessionId: number, now: Date) {
  return q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), liveOf(userId, now)))
    .returning({ id: sessions.id });
}

/** Ends every live session of the player but `keepId`; answers the sessions it ended. */
export function revokeOtherSessions(q: Queryable, userId: number, keepId: number, now: Date) {
  return q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(liveOf(userId, now), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
}

export async function liveSessionCount(q: Queryable, userId: number, now: Date): Promise<number> {
  const [row] = await q.select({ n: count() }).from(sessions).where(liveOf(userId, now));
  return Number(row?.n ?? 0);
}

/**
 * A password that locks after `max` wrong answers in a row. Its counters live on the player's row:
 * `failures` (wrong answers since the last right one), `checks` (checks running now, with
 * `checksAt`, when the last one started) and `lockedUntil`.
 */
export interface AttemptRule {
  failures: UserColumn;
  checks: UserColumn;
  checksAt: UserColumn;
  lockedUntil: UserColumn;
  max: number;
  lockMs: number;
}
type UserColumn = keyof typeof users.$inferInsert;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const columnsOf = (rule: AttemptRule) => ({
  failures: users[rule.failures],
  checks: users[rule.checks],
  checksAt: users[rule.checksAt],
  lockedUntil: users[rule.lockedUntil],
});

const released = (rule: AttemptRule) => sql`GREATEST(${users[rule.checks]} - 1, 0)`;

/** When the rule's lock ends (as text), or undefined when the player does not exist. */
export async function lockedUntilOf(q: Queryable, rule: AttemptRule, userId: number) {
  const [row] = await q
    .select({ lockedUntil: sql<string | null>`${columnsOf(rule).lockedUntil}::text` })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Gives a slot back without counting anything (the check itself failed). */
export async function releaseAttemptSlot(q: Queryable, rule: AttemptRule, userId: number): Promise<void> {
  await q
    .update(users)
    .set({ [rule.checks]: released(rule) })
    .where(eq(users.id, userId));
}

/**
 * Gives the slot back: a right answer clears the wrong ones, a wrong one counts and may lock.
 * Answers the wrong answers counted so far (0 after a right one).
 */
export async function settleAttempt(
  q: Queryable,
  rule: AttemptRule,
  userId: number,
  right: boolean,
  now: Date,
): Promise<{ ok: true } | { ok: false; left: number }> {
  const c = columnsOf(rule);
  if (right) {
    await q
      .update(users)
      .set({ [rule.failures]: sql`0`, [rule.checks]: released(rule) })
      .where(eq(users.id, userId));
    return { ok: true };
  }
  const lockUntil = new Date(now.getTime() + rule.lockMs);
  const [after] = await q
    .update(users)
    .set({
      [rule.failures]: sql`${c.failures} + 1`,
      [rule.checks]: released(rule),
      [rule.lockedUntil]: sql`CASE WHEN ${c.failures} + 1 >= ${rule.max} THEN ${at(lockUntil)} ELSE ${c.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: sql<number>`${c.failures}` });
  return { ok: false, left: Math.max(rule.max - Number(after?.failures ?? rule.max), 0) };
}

/** One conditional UPDATE: a slot when not locked and failures plus running checks are under max. */
export async function takeAttemptSlot(
  q: Queryable,
  rule: AttemptRule,
  userId: number,
  now: Date,
  staleMs: number,
): Promise<boolean> {
  const c = columnsOf(rule);
  const stale = new Date(now.getTime() - staleMs);
  const lockOver = sql`${c.lockedUntil} <= ${at(now)}`;
  // An expired lock starts a fresh count; checks of a process that died are forgotten.
  const failures = sql`CASE WHEN ${lockOver} THEN 0 ELSE ${c.failures} END`;
  const running = sql`CASE WHEN ${c.checksAt} IS NULL OR ${c.checksAt} < ${at(stale)} THEN 0 ELSE ${c.checks} END`;
  const rows = await q
    .update(users)
    .set({
      [rule.failures]: failures,
      [rule.checks]: sql`${running} + 1`,
      [rule.checksAt]: at(now),
      [rule.lockedUntil]: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${c.lockedUntil} END`,
    })
    .where(
      sql`${users.id} = ${userId} AND (${c.lockedUntil} IS NULL OR ${lockOver}) AND ${failures} + ${running} < ${rule.max}`,
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function payPasswordHashOf(q: Queryable, userId: number): Promise<string | undefined> {
  const [user] = await q.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
  return user?.hash;
}
