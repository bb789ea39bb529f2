import type { AuditQuery, AuditRow, TargetType } from '@app/contract/admin/audit';
import { AUDIT_COLUMNS, targetTypeLabel, viaLabel } from '@app/contract/admin/audit';
import { auditTargetLabel } from '@app/contract/admin/labels';
import type { Row } from '@app/contract/admin/players';
import { type AuditAction, auditActionLabel, type OperatorRole, ROLE_LABEL } from '@app/contract/admin/roles';
import { beijingDayStart, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import { consolePage, sliceOf } from '../../lib/console-page';
import { toCsv } from '../../lib/csv';
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

const roleLabel = (role: string) => ROLE_LABEL[role as OperatorRole] ?? '启动令牌';

function toRow(r: repo.AuditRecord, gameNames: ReadonlyMap<string, string>): AuditRow {
  return {
    id: r.id,
    at: toBeijingString(r.at),
    operator: r.operatorName,
    role: roleLabel(r.role),
    action: r.action,
    action_label: auditActionLabel(r.action),
    target_type: r.targetType,
    target_id: r.targetId,
    target_label: auditTargetLabel(r.targetType, r.targetId, gameNames),
    reason: r.reason,
    ip: r.ip,
    via: r.via,
    before: r.before,
    after: r.after,
  };
}

const gameNamesOf = (q: Queryable, rows: readonly repo.AuditRecord[]) =>
  repo.gameNames(
    q,
    rows.filter((r) => r.targetType === 'game').map((r) => r.targetId),
  );

function filterOf(query: AuditQuery): repo.AuditFilter {
  return {
    operator: query.operator,
    action: query.action,
    targetType: query.target_type,
    targetId: query.target_id,
    from: query.from ? beijingDayStart(query.from) : undefined,
    to: query.to ? new Date(beijingDayStart(query.to).getTime() + 86_400_000) : undefined,
  };
}

export async function auditPage(ctx: AppContext, query: AuditQuery) {
  const { rows, total } = await repo.searchAudit(ctx.db, filterOf(query), sliceOf(query));
  const names = await gameNamesOf(ctx.db, rows);
  return consolePage(
    query,
    total,
    rows.map((r) => toRow(r, names)),
  );
}

/** The filtered log as CSV, newest first unless sorted otherwise, up to CSV_MAX_ROWS rows. */
export async function auditCsv(ctx: AppContext, query: AuditQuery): Promise<{ csv: string; rows: number }> {
  const { rows } = await repo.searchAudit(ctx.db, filterOf(query), sliceOf(query, true));
  const names = await gameNamesOf(ctx.db, rows);
  const flat: Row[] = rows.map((r) => {
    const row = toRow(r, names);
    return {
      ...row,
      target_type: targetTypeLabel(row.target_type),
      via: viaLabel(row.via),
      before: row.before === null ? '' : JSON.stringify(row.before),
      after: row.after === null ? '' : JSON.stringify(row.after),
    };
  });
  return { csv: toCsv(AUDIT_COLUMNS, flat), rows: flat.length };
}
