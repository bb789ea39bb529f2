import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { LoginBody, RegisterBody } from '@app/contract/auth';
import { captchaMatches } from '@app/contract/auth-rules';
import { CAPTCHA_LENGTH, RANDOM_USERNAME_LENGTH } from '@app/contract/constants';
import { MSG, SERVER_MSG } from '@app/contract/messages';
import { PlayerStatus } from '@app/contract/status';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import { AppError, badInput, conflict, refused, unauthorized } from '../../lib/errors';
import { randomPassword, randomText } from '../../lib/random-password';
import { recordLoginAttempt, requireSecondFactor } from '../security/service';
import { loginAttempts, withAttemptSlot } from './attempts';
import { captchaImage, randomCode } from './captcha-image';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';

const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen is written at most this often, so polling does not write on every request. */
const SESSION_TOUCH_MS = 60 * 1000;

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueCaptcha(ctx: AppContext): Promise<{ captcha_key: string; img: string }> {
  const now = ctx.clock.now();
  const code = ctx.config.captchaTestCode ?? randomCode(CAPTCHA_LENGTH);
  const key = randomUUID();
  await repo.insertCaptcha(ctx.db, key, code, new Date(now.getTime() + CAPTCHA_TTL_MS));
  if (Math.random() < 0.05) await repo.deleteExpiredCaptchas(ctx.db, now);
  return { captcha_key: key, img: captchaImage(code) };
}

/** Consumes the captcha named by `key`; throws 验证码错误！ unless `answer` matches and it is fresh. */
async function checkCaptcha(ctx: AppContext, key: string, answer: string): Promise<void> {
  const stored = key ? await repo.takeCaptcha(ctx.db, key) : undefined;
  if (!stored || stored.expiresAt <= ctx.clock.now() || !captchaMatches(answer, stored.answer)) {
    throw badInput(MSG.captchaWrong);
  }
}

async function createSession(
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

export async function register(ctx: AppContext, body: RegisterBody, meta: ClientMeta): Promise<string> {
  await checkCaptcha(ctx, body.captcha_key, body.code);
  const referrerId = Number(body.pid);
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(body.password),
    hashPassword(body.paypassword),
  ]);
  const hasReferrer =
    Number.isSafeInteger(referrerId) && referrerId > 0 && (await repo.userExists(ctx.db, referrerId));
  return ctx.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      username: body.name,
      realname: body.realname.trim(),
      passwordHash,
      payPasswordHash,
      referrerId: hasReferrer ? referrerId : null,
      lastLoginAt: ctx.clock.now(),
      lastLoginIp: meta.ip.slice(0, 64),
    });
    if (!user) throw conflict(SERVER_MSG.usernameTaken);
    await ctx.ledger.open({ central: user.id }, tx);
    return createSession(tx, ctx, user.id, meta);
  });
}

export async function login(ctx: AppContext, body: LoginBody, meta: ClientMeta): Promise<string> {
  await checkCaptcha(ctx, body.captcha_key, body.code);
  const user = await repo.findUserByUsername(ctx.db, body.name);
  if (!user) {
    await verifyPassword(await decoyHash(), body.password);
    throw refused(SERVER_MSG.wrongCredentials);
  }
  if (user.status !== PlayerStatus.active) {
    await recordLoginAttempt(ctx, user.id, meta, 'disabled');
    throw new AppError(403, SERVER_MSG.accountDisabled);
  }
  const outcome = await withAttemptSlot(ctx, loginAttempts, user.id, SERVER_MSG.accountLocked, () =>
    verifyPassword(user.passwordHash, body.password),
  ).catch(async (error: unknown) => {
    await recordLoginAttempt(ctx, user.id, meta, 'locked');
    throw error;
  });
  if (!outcome.ok) {
    await recordLoginAttempt(ctx, user.id, meta, 'wrong_password');
    throw refused(SERVER_MSG.wrongCredentials);
  }
  await requireSecondFactor(ctx, user.id, body.totp_code).catch(async (error: unknown) => {
    if (body.totp_code) await recordLoginAttempt(ctx, user.id, meta, 'wrong_code');
    throw error;
  });
  await repo.recordLogin(ctx.db, user.id, meta.ip.slice(0, 64));
  await recordLoginAttempt(ctx, user.id, meta, 'ok');
  return createSession(ctx.db, ctx, user.id, meta);
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
  await ctx.bus.publish('session.revoked', { sessionId });
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

const NAME_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * Registration through a referral link (spec 4): the server picks a random username of 6-10
 * letters and digits and random initial login and pay passwords, stores only their hashes and
 * answers them this once. (The spec gives every such player one fixed default password, which
 * would let anyone into every account made this way.)
 */
export async function registerFromLink(
  ctx: AppContext,
  pid: string | number | undefined,
  meta: ClientMeta,
): Promise<{ token: string; username: string; password: string; payPassword: string }> {
  const password = randomPassword(10);
  const payPassword = randomPassword(8);
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(password),
    hashPassword(payPassword),
  ]);
  const referrerId = Number(pid);
  const hasReferrer =
    Number.isSafeInteger(referrerId) && referrerId > 0 && (await repo.userExists(ctx.db, referrerId));
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = randomText(
      NAME_ALPHABET,
      randomInt(RANDOM_USERNAME_LENGTH.min, RANDOM_USERNAME_LENGTH.max + 1),
    );
    const token = await ctx.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        username,
        realname: '',
        passwordHash,
        payPasswordHash,
        referrerId: hasReferrer ? referrerId : null,
        lastLoginAt: ctx.clock.now(),
        lastLoginIp: meta.ip.slice(0, 64),
      });
      if (!user) return null;
      await ctx.ledger.open({ central: user.id }, tx);
      return createSession(tx, ctx, user.id, meta);
    });
    if (token) return { token, username, password, payPassword };
  }
  throw conflict(SERVER_MSG.usernameTaken);
}

/** Revokes every session of the player (after a login password change), in every process. */
export async function logoffEverywhere(ctx: AppContext, userId: number): Promise<void> {
  await repo.revokeUserSessions(ctx.db, userId, ctx.clock.now());
  await ctx.bus.publish('user.sessions.revoked', { userId });
  await endGameSessions(ctx, userId);
}

// The public surface other modules use.
export { loginAttempts, totpAttempts, withAttemptSlot } from './attempts';
export { decoyHash, hashPassword, verifyPassword } from './passwords';
export { checkPayPassword } from './pay-password';
export { findUserByUsername } from './repository';
export { type SessionCache, sessionCacheOn } from './session-cache';
