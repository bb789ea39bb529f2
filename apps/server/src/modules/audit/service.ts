import type { TargetType } from '@app/contract/admin/audit';
import type { AuditAction } from '@app/contract/admin/roles';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import * as repo from './repository';

/** Who acts: an operator through a console session or an API key, or the bootstrap token. */
export interface Actor {
  operatorId: number | null;
  username: string;
  /** The operator's role as stored (one of the table's roles), or 'bootstrap'. */
  role: string;
  ip: string;
  /** session, api-key:ID or bootstrap. */
  via: string;
}

export interface AuditEntry {
  action: AuditAction;
  targetType: TargetType;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/**
 * One change and its audit row, with the before and after the change answers, in one transaction:
 * both commit or neither does. Answers the after.
 */
export async function audited<T>(
  ctx: AppContext,
  actor: Actor,
  entry: Omit<AuditEntry, 'before' | 'after'>,
  change: (tx: Tx) => Promise<{ before: unknown; after: T }>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const { before, after } = await change(tx);
    await recordAudit(tx, ctx.clock.now(), actor, { ...entry, before, after });
    return after;
  });
}

/**
 * Appends one audit row. Pass the transaction that makes the change, so that the change and its
 * record commit together or not at all.
 */
export async function recordAudit(q: Queryable, now: Date, actor: Actor, entry: AuditEntry): Promise<void> {
  await repo.insertAudit(q, {
    at: now,
    operatorId: actor.operatorId,
    operatorName: actor.username.slice(0, 32),
    role: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId).slice(0, 64),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? '',
    ip: actor.ip.slice(0, 64),
    via: actor.via,
  });
}
