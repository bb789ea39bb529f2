import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_MSG, type SessionState, type SignInBody, type SignInStage } from '@app/contract/admin/auth';
import { type OperatorRole, permissionsOf, ROLES } from '@app/contract/admin/roles';
import { OperatorStatus } from '@app/contract/status';
import type { AppContext } from '../../context';
import { AppError, badInput, conflict, refused, tooMany } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { decoyHash, hashPassword, hashToken, verifyPassword } from '../auth/service';
import * as repo from './repository';
import { sessionEnded, sessionsEnded } from './sessions-ended';
import { acceptedStep, otpauthUri } from './totp';
import { openSecret, type TotpKeys } from './totp-secrets';

/** Sign-in attempts (password or code) that may fail in a row before the account locks. */
export const MAX_ATTEMPTS = 5;
const LOCK_MS = 15 * 60_000;
/** A console session ends after this long without a request... */
export const IDLE_MS = 30 * 60_000;
/** ...and in any case this long after sign-in. */
const ABSOLUTE_MS = 12 * 60 * 60_000;
/** The sign-in stages (code, enrolment, new password) must be done within this. */
const PENDING_MS = 10 * 60_000;
/** last_seen is written at most this often. */
const TOUCH_MS = 60_000;

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface OperatorSession {
  session: repo.SessionRecord;
  operator: repo.OperatorRecord;
  token: string;
}

const newToken = () => randomBytes(32).toString('base64url');

/** The CSRF token of a session: derived from its secret token, so nothing more is stored. */
export const csrfOf = (token: string) => createHash('sha256').update(`csrf:${token}`).digest('base64url');

/** The operator's role, or undefined when the stored value is not one (then nothing is permitted). */
export function roleOf(operator: repo.OperatorRecord): OperatorRole | undefined {
  return (ROLES as readonly string[]).includes(operator.role) ? (operator.role as OperatorRole) : undefined;
}

export const actorOf = (operator: repo.OperatorRecord, ip: string, via: string): Actor => ({
  operatorId: operator.id,
  username: operator.username,
  role: operator.role,
  ip,
  via,
});

export function sessionState(
  keys: TotpKeys,
  operator: repo.OperatorRecord,
  stage: SignInStage,
  token: string,
): SessionState {
  const role = roleOf(operator);
  const enrolling = stage === 'enrol' ? openSecret(keys, operator.totpSecret) : undefined;
  return {
    stage,
    operator: {
      id: operator.id,
      username: operator.username,
      display_name: operator.displayName,
      role: role ?? 'auditor',
    },
    csrf_token: csrfOf(token),
    ...(enrolling ? { enrolment: { secret: enrolling, uri: otpauthUri(operator.username, enrolling) } } : {}),
    permissions: stage === 'active' && role ? permissionsOf(role) : [],
    idle_minutes: IDLE_MS / 60_000,
  };
}

/**
 * A failed password or code: the taken attempt stays spent; the last one locks the account and ends
 * its sessions (its API keys are refused while the lock lasts: see repo.findLiveApiKey).
 */
async function attemptFailed(
  ctx: AppContext,
  operator: repo.OperatorRecord,
  meta: ClientMeta,
  factor: string,
) {
  const now = ctx.clock.now();
  const actor = actorOf(operator, meta.ip, 'session');
  const locked = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockWhenSpent(tx, operator.id, MAX_ATTEMPTS, new Date(now.getTime() + LOCK_MS));
    await recordAudit(tx, now, actor, {
      action: 'auth.sign-in-failed',
      targetType: 'operator',
      targetId: operator.id,
      after: { factor },
    });
    if (locked) {
      const ended = await repo.revokeSessions(tx, operator.id, now);
      await recordAudit(tx, now, actor, {
        action: 'auth.locked',
        targetType: 'operator',
        targetId: operator.id,
        after: { sessions_ended: ended },
      });
    }
    return locked;
  });
  if (locked) await sessionsEnded(ctx, operator.id);
}

async function takeAttemptOrRefuse(ctx: AppContext, operator: repo.OperatorRecord) {
  const taken = await repo.takeAttempt(ctx.db, operator.id, ctx.clock.now(), MAX_ATTEMPTS);
  if (!taken) throw tooMany(OPERATOR_MSG.locked);
}

/**
 * The first sign-in step: username and password. An attempt is taken before the password is
 * checked and given back once it proves right, since the second factor is still to come. The
 * answer is a session in stage `totp` (or `enrol`, the first time), which may do nothing else.
 */
export async function signIn(
  ctx: AppContext,
  body: SignInBody,
  meta: ClientMeta,
): Promise<{ token: string; state: SessionState }> {
  const operator = await repo.findOperatorByUsername(ctx.db, body.username);
  if (!operator) {
    await verifyPassword(await decoyHash(), body.password);
    throw refused(OPERATOR_MSG.wrongCredentials);
  }
  await takeAttemptOrRefuse(ctx, operator);
  if (!(await verifyPassword(operator.passwordHash, body.password))) {
    await attemptFailed(ctx, operator, meta, 'password');
    throw refused(OPERATOR_MSG.wrongCredentials);
  }
  await repo.returnAttempt(ctx.db, operator.id);
  if (operator.status !== OperatorStatus.active) throw new AppError(403, OPERATOR_MSG.disabled);

  const now = ctx.clock.now();
  const stage: SignInStage = operator.totpEnrolledAt ? 'totp' : 'enrol';
  const token = newToken();
  const until = new Date(now.getTime() + PENDING_MS);
  await repo.insertSession(ctx.db, {
    operatorId: operator.id,
    tokenHash: hashToken(token),
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: until,
    absoluteExpiresAt: until,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 256),
  });
  return { token, state: sessionState(ctx.config.totpKeys, operator, stage, token) };
}

/**
 * Makes the session a signed-in one under a new token (the token of the sign-in stages is dropped,
 * so that nothing learnt before the second factor is worth anything after it).
 */
async function activate(ctx: AppContext, auth: OperatorSession, meta: ClientMeta) {
  const now = ctx.clock.now();
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.updateSession(tx, auth.session.id, {
      tokenHash: hashToken(token),
      stage: 'active',
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + IDLE_MS),
      absoluteExpiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    });
    await repo.updateOperator(tx, auth.operator.id, {
      lastSignInAt: now,
      lastSignInIp: meta.ip.slice(0, 64),
    });
    await recordAudit(tx, now, actorOf(auth.operator, meta.ip, 'session'), {
      action: 'auth.sign-in',
      targetType: 'operator',
      targetId: auth.operator.id,
      after: { user_agent: meta.userAgent.slice(0, 200) },
    });
  });
  return token;
}

/**
 * The second step: the authenticator's code (the first code of a new one enrols it). A code is
 * accepted once; a wrong one spends an attempt like a wrong password.
 */
export async function verifyCode(
  ctx: AppContext,
  auth: OperatorSession,
  code: string,
  meta: ClientMeta,
): Promise<{ token: string; state: SessionState }> {
  const { operator, session } = auth;
  if (session.stage !== 'totp' && session.stage !== 'enrol') throw conflict(OPERATOR_MSG.stageWrong);
  await takeAttemptOrRefuse(ctx, operator);
  const now = ctx.clock.now();
  const step = await acceptedStep(
    openSecret(ctx.config.totpKeys, operator.totpSecret),
    code,
    now,
    operator.totpLastStep,
  );
  if (step === null || !(await repo.acceptStep(ctx.db, operator.id, step))) {
    await attemptFailed(ctx, operator, meta, 'totp');
    throw refused(OPERATOR_MSG.wrongCode);
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateOperator(tx, operator.id, {
      failedAttempts: 0,
      lockedUntil: null,
      ...(session.stage === 'enrol' ? { totpEnrolledAt: now } : {}),
    });
    if (session.stage === 'enrol') {
      await recordAudit(tx, now, actorOf(operator, meta.ip, 'session'), {
        action: 'auth.totp-enrolled',
        targetType: 'operator',
        targetId: operator.id,
      });
    }
    if (operator.mustChangePassword) await repo.updateSession(tx, session.id, { stage: 'password' });
  });
  if (operator.mustChangePassword)
    return { token: auth.token, state: sessionState(ctx.config.totpKeys, operator, 'password', auth.token) };
  const token = await activate(ctx, auth, meta);
  return { token, state: sessionState(ctx.config.totpKeys, operator, 'active', token) };
}

/**
 * A new password: forced in the first sign-in (stage `password`, the old one proved minutes ago)
 * or chosen later (stage `active`, the current one asked again). Every other session ends.
 */
export async function changePassword(
  ctx: AppContext,
  auth: OperatorSession,
  input: { current?: string | undefined; password: string },
  meta: ClientMeta,
): Promise<{ token: string; state: SessionState }> {
  const { operator, session } = auth;
  if (session.stage !== 'password' && session.stage !== 'active') throw conflict(OPERATOR_MSG.stageWrong);
  if (session.stage === 'active') {
    await takeAttemptOrRefuse(ctx, operator);
    if (!(await verifyPassword(operator.passwordHash, input.current ?? ''))) {
      await attemptFailed(ctx, operator, meta, 'password');
      throw refused(OPERATOR_MSG.currentPasswordWrong);
    }
    await repo.returnAttempt(ctx.db, operator.id);
  }
  if (await verifyPassword(operator.passwordHash, input.password)) throw badInput(OPERATOR_MSG.passwordSame);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.updateOperator(tx, operator.id, { passwordHash, mustChangePassword: false });
    const ended = await repo.revokeSessions(tx, operator.id, now, session.id);
    await recordAudit(tx, now, actorOf(operator, meta.ip, 'session'), {
      action: 'auth.password-changed',
      targetType: 'operator',
      targetId: operator.id,
      after: { other_sessions_ended: ended },
    });
  });
  await sessionsEnded(ctx, operator.id, session.id);
  if (session.stage === 'active')
    return { token: auth.token, state: sessionState(ctx.config.totpKeys, operator, 'active', auth.token) };
  const token = await activate(ctx, auth, meta);
  return { token, state: sessionState(ctx.config.totpKeys, operator, 'active', token) };
}

/** The session behind a console cookie's token, kept alive by use (idle expiry counts from here). */
export async function authenticateSession(
  ctx: AppContext,
  token: string,
): Promise<OperatorSession | undefined> {
  const now = ctx.clock.now();
  const found = await repo.findLiveSession(ctx.db, hashToken(token), now);
  if (!found) return undefined;
  if (found.session.stage === 'active' && now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_MS) {
    await repo.updateSession(ctx.db, found.session.id, {
      lastSeenAt: now,
      expiresAt: new Date(Math.min(now.getTime() + IDLE_MS, found.session.absoluteExpiresAt.getTime())),
    });
  }
  return { ...found, token };
}

/** The operator behind an API key, and the key's id (audit rows name it). */
export async function authenticateApiKey(ctx: AppContext, key: string) {
  const now = ctx.clock.now();
  const found = await repo.findLiveApiKey(ctx.db, hashToken(key), now);
  if (!found) return undefined;
  if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() > TOUCH_MS) {
    await repo.touchApiKey(ctx.db, found.key.id, now);
  }
  return found;
}

export async function signOut(ctx: AppContext, auth: OperatorSession, actor: Actor): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.updateSession(tx, auth.session.id, { revokedAt: now });
    await recordAudit(tx, now, actor, {
      action: 'auth.sign-out',
      targetType: 'operator',
      targetId: auth.operator.id,
    });
  });
  await sessionEnded(ctx, auth.session.id);
}

export async function signOutEverywhere(
  ctx: AppContext,
  auth: OperatorSession,
  actor: Actor,
): Promise<number> {
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    const ended = await repo.revokeSessions(tx, auth.operator.id, now);
    await recordAudit(tx, now, actor, {
      action: 'auth.sign-out-everywhere',
      targetType: 'operator',
      targetId: auth.operator.id,
      after: { sessions_ended: ended },
    });
    return ended;
  });
  await sessionsEnded(ctx, auth.operator.id);
  return ended;
}
