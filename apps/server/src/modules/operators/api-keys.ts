import { randomBytes } from 'node:crypto';
import { OPERATOR_MSG } from '@app/contract/admin/auth';
import type { ApiKeyRow } from '@app/contract/admin/operators';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { hashToken } from '../auth/service';
import * as repo from './repository';

/** Keys look like `xyk_` and 43 base64url characters (256 random bits); only their hash is kept. */
const KEY_PREFIX = 'xyk_';

const optionalTime = (d: Date | null) => (d ? toBeijingString(d) : '');

/** An operator's new key for scripts, answered this once. */
export async function createApiKey(ctx: AppContext, actor: Actor & { operatorId: number }, label: string) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, 10);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertApiKey(tx, {
      operatorId: actor.operatorId,
      label,
      keyHash: hashToken(key),
      prefix,
      createdAt: now,
    });
    await recordAudit(tx, now, actor, {
      action: 'api-keys.create',
      targetType: 'api-key',
      targetId: created,
      after: { label, prefix },
    });
    return created;
  });
  return { id, key, prefix };
}

/** One operator's keys, or (operatorId undefined) everyone's. */
export async function listApiKeys(ctx: AppContext, operatorId?: number): Promise<ApiKeyRow[]> {
  const rows = await repo.listApiKeys(ctx.db, operatorId);
  return rows.map(({ key, operator }) => ({
    id: key.id,
    operator,
    label: key.label,
    prefix: key.prefix,
    created_at: toBeijingString(key.createdAt),
    last_used_at: optionalTime(key.lastUsedAt),
    revoked_at: optionalTime(key.revokedAt),
  }));
}

/**
 * Revokes a key: the operator's own (`own`), or anyone's by a superadmin (with a reason). Answers
 * 404 for a key that is not there, not the operator's, or already revoked.
 */
export async function revokeApiKey(
  ctx: AppContext,
  actor: Actor,
  id: number,
  scope: { own: true } | { own: false; reason: string },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const revoked = await repo.revokeApiKey(tx, id, now, scope.own ? (actor.operatorId ?? -1) : undefined);
    if (!revoked) throw new AppError(404, OPERATOR_MSG.keyNotFound);
    await recordAudit(tx, now, actor, {
      action: scope.own ? 'api-keys.revoke' : 'operators.revoke-api-key',
      targetType: 'api-key',
      targetId: id,
      before: { label: revoked.label, prefix: revoked.prefix, operator_id: revoked.operatorId },
      reason: scope.own ? '' : scope.reason,
    });
  });
}
