import { deviceOf, type LoginEvent, PROTECTION_MSG, type SessionRow } from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { endGameSessions, liveSessions, revokeLiveSession, revokeOtherSessions } from '../auth/service';
import { notifySecurity } from '../protection/service';
import * as repo from './repository';

const HISTORY_MS = 30 * 24 * 3_600_000;

export type LoginResult = 'ok' | 'wrong_password' | 'wrong_code' | 'locked' | 'disabled';
const RESULT_LABEL: Record<LoginResult, string> = {
  ok: '登录成功',
  wrong_password: '密码错误',
  wrong_code: '验证码错误',
  locked: '账号已锁定',
  disabled: '账号已停用',
};

/**
 * Records a login attempt on a known account; a successful one from a device (browser and system)
 * not seen in the last 30 days' successful logins gets a security message.
 */
export async function recordLoginAttempt(
  ctx: AppContext,
  userId: number,
  meta: { ip: string; userAgent: string },
  result: LoginResult,
): Promise<void> {
  const now = ctx.clock.now();
  const device = deviceOf(meta.userAgent);
  const known =
    result === 'ok' &&
    (await repo.successfulLoginAgents(ctx.db, userId, new Date(now.getTime() - HISTORY_MS))).some(
      (ua) => deviceOf(ua) === device,
    );
  await repo.insertLoginEvent(ctx.db, {
    userId,
    createdAt: now,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 256),
    result,
  });
  if (result === 'ok' && !known) {
    await notifySecurity(
      ctx,
      userId,
      '新设备登录',
      `您的账号于${toBeijingString(now)}在新设备（${device}，${meta.ip}）登录。`,
    );
  }
}

/** The last 30 days' login attempts, newest first. */
export async function loginHistory(ctx: AppContext, userId: number): Promise<LoginEvent[]> {
  const since = new Date(ctx.clock.now().getTime() - HISTORY_MS);
  const rows = await repo.loginEventsSince(ctx.db, userId, since, 200);
  return rows.map((r) => ({
    id: r.id,
    created_at: toBeijingString(r.createdAt),
    ip: r.ip,
    device: deviceOf(r.userAgent),
    result: RESULT_LABEL[r.result as LoginResult] ?? r.result,
  }));
}

/** The player's live sessions, the one asking first, then by last activity. */
export async function activeSessions(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
): Promise<SessionRow[]> {
  const rows = await liveSessions(ctx.db, auth.userId, ctx.clock.now());
  return rows
    .map((s) => ({
      id: s.id,
      device: deviceOf(s.userAgent),
      ip: s.ip,
      created_at: toBeijingString(s.createdAt),
      last_seen_at: toBeijingString(s.lastSeenAt),
      current: s.id === auth.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the player's own sessions (another player's is never found), in every process. */
export async function endSession(
  ctx: AppContext,
  { userId, sessionId: bySessionId }: { userId: number; sessionId: number },
  sessionId: number,
): Promise<string> {
  const now = ctx.clock.now();
  const ended = await revokeLiveSession(ctx.db, userId, sessionId, now);
  if (ended.length === 0) throw new AppError(404, PROTECTION_MSG.sessionNotFound);
  await ctx.bus.publish('session.revoked', { sessionId, bySessionId });
  await endGameSessions(ctx, userId);
  return PROTECTION_MSG.sessionEnded;
}

/** Ends every session of the player but the one asking. */
export async function endOtherSessions(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
): Promise<string> {
  const now = ctx.clock.now();
  const ended = await revokeOtherSessions(ctx.db, auth.userId, auth.sessionId, now);
  await Promise.all(
    ended.map((s) => ctx.bus.publish('session.revoked', { sessionId: s.id, bySessionId: auth.sessionId })),
  );
  if (ended.length > 0) await endGameSessions(ctx, auth.userId);
  if (ended.length > 0)
    await notifySecurity(ctx, auth.userId, '其他设备已下线', `您已下线其他${ended.length}个登录设备。`);
  return PROTECTION_MSG.othersEnded;
}

// The public surface other modules use.
export { requireSecondFactor, sealStoredPlayerSecrets, secondFactorOn, twoFactorState } from './two-factor';
