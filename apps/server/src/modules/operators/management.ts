import { OPERATOR_MSG } from '@app/contract/admin/auth';
import type { CreateOperatorBody, NewOperator, OperatorRow } from '@app/contract/admin/operators';
import { can, type OperatorRole, type Permission } from '@app/contract/admin/roles';
import { OperatorStatus } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, conflict, refused } from '../../lib/errors';
import { randomPassword } from '../../lib/random-password';
import { type Actor, recordAudit } from '../audit/service';
import { hashPassword } from '../auth/service';
import * as repo from './repository';
import { sessionsEnded } from './sessions-ended';
import { roleOf } from './sign-in';
import { newTotpSecret, otpauthUri } from './totp';
import { sealSecret } from './totp-secrets';

/** Operators' handed-over passwords are longer than the ones they choose. */
const HANDED_OVER_LENGTH = 16;

export function operatorRow(o: repo.OperatorRecord, now: Date): OperatorRow {
  return {
    id: o.id,
    username: o.username,
    display_name: o.displayName,
    role: o.role as OperatorRole,
    status: o.status,
    totp_enrolled: o.totpEnrolledAt !== null,
    locked: o.lockedUntil !== null && o.lockedUntil > now,
    must_change_password: o.mustChangePassword,
    last_sign_in_at: o.lastSignInAt ? toBeijingString(o.lastSignInAt) : '',
    last_sign_in_ip: o.lastSignInIp,
    created_at: toBeijingString(o.createdAt),
  };
}

export async function listOperators(ctx: AppContext): Promise<OperatorRow[]> {
  const now = ctx.clock.now();
  return (await repo.listOperators(ctx.db)).map((o) => operatorRow(o, now));
}

/**
 * A new operator with a random one-time password and a TOTP secret to enrol: the first sign-in
 * asks for the authenticator's first code, then for a password of the operator's own.
 */
export async function createOperator(
  ctx: AppContext,
  actor: Actor,
  input: Omit<CreateOperatorBody, 'reason'> & { reason?: string },
): Promise<NewOperator> {
  const password = randomPassword(HANDED_OVER_LENGTH);
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const created = await repo.insertOperator(tx, {
      username: input.username,
      displayName: input.display_name,
      role: input.role,
      passwordHash,
      mustChangePassword: true,
      totpSecret: sealSecret(ctx.config.totpKeys, secret),
      createdAt: now,
    });
    if (!created) throw conflict(OPERATOR_MSG.usernameTaken);
    await recordAudit(tx, now, actor, {
      action: 'operators.create',
      targetType: 'operator',
      targetId: created.id,
      after: { username: created.username, display_name: created.displayName, role: created.role },
      reason: input.reason ?? '',
    });
    return {
      id: created.id,
      username: created.username,
      role: input.role,
      password,
      totp_secret: secret,
      otpauth_uri: otpauthUri(created.username, secret),
    };
  });
}

interface Change {
  /** The action of the permission table this change is. */
  action: Permission;
  /** What changes; answers the fields as they were and as they are after, for the audit row. */
  apply(tx: Tx, target: repo.OperatorRecord, now: Date): Promise<{ before: object; after: object }>;
}

/**
 * Changes another operator in one transaction with its audit row. Nobody changes their own role,
 * status or credentials here (the account page is for that). Both rows are locked and the actor's
 * right checked again inside: two superadmins disabling each other at the same moment cannot both
 * succeed, so an active superadmin always remains.
 */
async function changeOperator(ctx: AppContext, actor: Actor, id: number, reason: string, change: Change) {
  if (id === actor.operatorId) throw refused(OPERATOR_MSG.notYourself);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.lockOperators(tx, [id, actor.operatorId ?? id]);
    const target = locked.find((o) => o.id === id);
    const self = locked.find((o) => o.id === actor.operatorId);
    const role = self && self.status === OperatorStatus.active ? roleOf(self) : undefined;
    if (!role || !can(role, change.action)) throw new AppError(403, OPERATOR_MSG.forbidden);
    if (!target) throw new AppError(404, OPERATOR_MSG.operatorNotFound);
    const { before, after } = await change.apply(tx, target, now);
    await recordAudit(tx, now, actor, {
      action: change.action,
      targetType: 'operator',
      targetId: id,
      before,
      after,
      reason,
    });
    return after;
  });
}

/** The operator's open consoles, on every node, see the new role's events from now on. */
export async function setRole(ctx: AppContext, actor: Actor, id: number, role: OperatorRole, reason: string) {
  const after = await changeOperator(ctx, actor, id, reason, {
    action: 'operators.set-role',
    async apply(tx, o) {
      await repo.updateOperator(tx, o.id, { role });
      return { before: { role: o.role }, after: { role } };
    },
  });
  await ctx.bus.publish('operator.role.changed', { operatorId: id, role });
  return after;
}

/** Disabling ends the operator's sessions; API keys stop working while the operator is disabled. */
export async function setEnabled(
  ctx: AppContext,
  actor: Actor,
  id: number,
  enabled: boolean,
  reason: string,
) {
  await changeOperator(ctx, actor, id, reason, {
    action: enabled ? 'operators.enable' : 'operators.disable',
    async apply(tx, o, now) {
      await repo.updateOperator(tx, o.id, {
        status: enabled ? OperatorStatus.active : OperatorStatus.disabled,
      });
      const ended = enabled ? 0 : await repo.revokeSessions(tx, o.id, now);
      return {
        before: { status: o.status },
        after: { status: enabled ? OperatorStatus.active : OperatorStatus.disabled, sessions_ended: ended },
      };
    },
  });
  if (!enabled) await sessionsEnded(ctx, id);
}

/** A new one-time password, answered once; the operator's sessions end and the next sign-in asks for a new one. */
export async function resetPassword(ctx: AppContext, actor: Actor, id: number, reason: string) {
  const password = randomPassword(HANDED_OVER_LENGTH);
  const passwordHash = await hashPassword(password);
  await changeOperator(ctx, actor, id, reason, {
    action: 'operators.reset-password',
    async apply(tx, o, now) {
      await repo.updateOperator(tx, o.id, { passwordHash, mustChangePassword: true });
      const ended = await repo.revokeSessions(tx, o.id, now);
      return { before: {}, after: { must_change_password: true, sessions_ended: ended } };
    },
  });
  await sessionsEnded(ctx, id);
  return { password };
}

/** A lost authenticator: a new secret, enrolled by the operator's next sign-in. */
export async function resetTotp(ctx: AppContext, actor: Actor, id: number, reason: string) {
  await changeOperator(ctx, actor, id, reason, {
    action: 'operators.reset-totp',
    async apply(tx, o, now) {
      await repo.updateOperator(tx, o.id, {
        totpSecret: sealSecret(ctx.config.totpKeys, newTotpSecret()),
        totpEnrolledAt: null,
        totpLastStep: null,
      });
      const ended = await repo.revokeSessions(tx, o.id, now);
      return {
        before: { totp_enrolled: o.totpEnrolledAt !== null },
        after: { totp_enrolled: false, sessions_ended: ended },
      };
    },
  });
  await sessionsEnded(ctx, id);
}

export const unlock = (ctx: AppContext, actor: Actor, id: number, reason: string) =>
  changeOperator(ctx, actor, id, reason, {
    action: 'operators.unlock',
    async apply(tx, o) {
      await repo.updateOperator(tx, o.id, { failedAttempts: 0, lockedUntil: null });
      return {
        before: {
          failed_attempts: o.failedAttempts,
          locked_until: o.lockedUntil ? toBeijingString(o.lockedUntil) : '',
        },
        after: { failed_attempts: 0, locked_until: '' },
      };
    },
  });
