import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { sessions } from '../../db/schema/users';
import { playerStatusOf } from '../players/service';

export async function insertSession(q: Queryable, values: typeof sessions.$inferInsert): Promise<void> {
  await q.insert(sessions).values(values);
}

const liveSessionQuery = perDatabase((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      userStatus: playerStatusOf(sessions.userId),
    })
    .from(sessions)
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
    .select({
      userId: sessions.userId,
      tokenHash: sessions.tokenHash,
      userStatus: playerStatusOf(sessions.userId),
    })
    .from(sessions)
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

/** The addresses the player's sessions came from. */
export function sessionAddressesOf(q: Queryable, userId: number) {
  return q
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.ip, '')));
}

/** Other players (the first `limit`) with a session from one of these addresses, and the address. */
export function playersFromAddresses(q: Queryable, userId: number, addresses: string[], limit: number) {
  return q
    .selectDistinct({ id: sessions.userId, ip: sessions.ip })
    .from(sessions)
    .where(and(inArray(sessions.ip, addresses), ne(sessions.userId, userId)))
    .limit(limit);
}
