import { createHash, randomBytes } from 'node:crypto';
import { SERVER_MSG } from '@app/contract/messages';
import { PlayerStatus } from '@app/contract/status';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import * as repo from './repository';

/**
 * Who the caller is: players' sessions (opened, authenticated, confirmed, ended in every process)
 * and the credentials every module checks (passwords, attempt slots, the pay password). The ways in
 * (captcha, registration, login) are the sign-in module's.
 */

const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen is written at most this often, so polling does not write on every request. */
const SESSION_TOUCH_MS = 60 * 1000;

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session for the player and answers its token (only the token's hash is kept). */
export async function openSession(
  q: Queryable,
  ctx: AppContext,
  userId: number,
  meta: ClientMeta,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await repo.insertSession(q, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 256),
  });
  return token;
}

export interface Authenticated {
  userId: number;
  sessionId: number;
}

/** The session behind a token hash if it was checked moments ago (see SessionCache), without a query. */
export function cachedSession(ctx: AppContext, tokenHash: string): Authenticated | undefined {
  return ctx.sessions.get(tokenHash, ctx.clock.now().getTime());
}

/** The live session behind a token hash, read from the database and remembered for the next requests. */
export async function authenticate(ctx: AppContext, tokenHash: string): Promise<Authenticated | undefined> {
  const ticket = ctx.sessions.ticket();
  const now = ctx.clock.now();
  const session = await repo.findLiveSession(ctx.db, tokenHash, now);
  if (session?.userStatus !== PlayerStatus.active) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    await repo.touchSession(ctx.db, session.id, now, new Date(now.getTime() + SESSION_IDLE_MS));
  }
  const auth = { userId: session.userId, sessionId: session.id };
  // Only while revocations from other processes reach this one can a session be trusted unread.
  if (ctx.bus.live) ctx.sessions.set(tokenHash, auth, now.getTime(), ticket);
  return auth;
}

/**
 * Confirms, inside the transaction of a call that moves money or changes a security setting, that
 * the caller's session is still live, whatever this process's session cache says: once a
 * revocation has committed (on any process, announced or not), the call answers 401 and its
 * transaction changes nothing. The session's row stays share-locked until the call commits. Call
 * it after the transaction has locked or changed the player's row, if it does: a freeze or a
 * time-out locks that row before the sessions, and the opposite order could deadlock with it.
 */
export async function confirmSession(ctx: AppContext, tx: Tx, sessionId: number): Promise<void> {
  if (!(await repo.lockLiveSession(tx, sessionId, ctx.clock.now()))) throw sessionEnded();
}

/** The answer to a call whose session was found revoked or expired where it was confirmed. */
export const sessionEnded = () => unauthorized(SERVER_MSG.sessionExpired);

export async function logoff(ctx: AppContext, { userId, sessionId }: Authenticated): Promise<void> {
  await repo.revokeSession(ctx.db, sessionId, ctx.clock.now());
  await ctx.bus.publish('session.revoked', { sessionId, bySessionId: sessionId });
  await endGameSessions(ctx, userId);
}

/**
 * After sessions of the player ended (committed): every venue ends the player's open game sessions
 * too, so that no page keeps betting the money already at a venue. A venue that does not answer
 * does not undo the revocation; it is reported as a process warning.
 */
export async function endGameSessions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.venues.endPlayerSessions({ userId }, (error) =>
    process.emitWarning(`a venue did not end the game sessions of player ${userId}: ${String(error)}`),
  );
}

/**
 * Revokes every session of the player, in every process, by the player's own act on one of them
 * (a login password change, a time-out or exclusion).
 */
export async function logoffEverywhere(ctx: AppContext, { userId, sessionId }: Authenticated): Promise<void> {
  await repo.revokeUserSessions(ctx.db, userId, ctx.clock.now());
  await ctx.bus.publish('user.sessions.revoked', { userId, bySessionId: sessionId });
  await endGameSessions(ctx, userId);
}

// The public surface other modules use.
export { loginAttempts, totpAttempts, withAttemptSlot } from './attempts';
export { decoyHash, hashPassword, verifyPassword } from './passwords';
export { checkPayPassword } from './pay-password';
export {
  /** The live session of this id with its token hash and the player's status (a stream ticket's check). */
  findLiveSessionById,
  /** How many of the player's sessions are live now. */
  liveSessionCount,
  /** The player's live sessions by last activity, and ending one of them or every other (answer the ended). */
  liveSessions,
  /** Other players (the first few) with a session from one of these addresses (a withdrawal's risk). */
  playersFromAddresses,
  /** Where the player registered from (their first session's address). */
  registrationIp,
  revokeLiveSession,
  revokeOtherSessions,
  /** Revokes the player's open sessions in the caller's transaction; answers how many (the bus and venues are the caller's). */
  revokeUserSessions,
  /** The addresses the player's sessions came from. */
  sessionAddressesOf,
  /** When the session began (its login): the reality check counts from it. */
  sessionCreatedAt,
} from './repository';
export { type SessionCache, sessionCacheOn } from './session-cache';
