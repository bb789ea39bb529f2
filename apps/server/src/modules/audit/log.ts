import type { AuditQuery, AuditRow } from '@app/contract/admin/audit';
import { AUDIT_COLUMNS, targetTypeLabel, viaLabel } from '@app/contract/admin/audit';
import { auditTargetLabel } from '@app/contract/admin/labels';
import type { Row } from '@app/contract/admin/players';
import { auditActionLabel, type OperatorRole, ROLE_LABEL } from '@app/contract/admin/roles';
import { beijingDayStart, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { consolePage, sliceOf } from '../../lib/console-page';
import { toCsv } from '../../lib/csv';
import { gameNamesByKey } from '../games/service';
import { payChannels } from '../settings/service';
import * as repo from './repository';

/**
 * The audit log as the console reads it: pages and CSV, each row with the names an operator knows.
 * Apart from the service (which records), so that the modules that record never import what reads.
 */
const roleLabel = (role: string) => ROLE_LABEL[role as OperatorRole] ?? '启动令牌';

function toRow(r: repo.AuditRecord, names: ReadonlyMap<string, string>): AuditRow {
  return {
    id: r.id,
    at: toBeijingString(r.at),
    operator: r.operatorName,
    role: roleLabel(r.role),
    action: r.action,
    action_label: auditActionLabel(r.action),
    target_type: r.targetType,
    target_id: r.targetId,
    target_label: auditTargetLabel(r.targetType, r.targetId, names),
    reason: r.reason,
    ip: r.ip,
    via: r.via,
    before: r.before,
    after: r.after,
  };
}

/** The names of the games and payment channels the rows point at, by target id. */
async function targetNamesOf(q: Queryable, rows: readonly repo.AuditRecord[]): Promise<Map<string, string>> {
  const games = await gameNamesByKey(
    q,
    rows.filter((r) => r.targetType === 'game').map((r) => r.targetId),
  );
  if (!rows.some((r) => r.targetId.startsWith('pay_channel:'))) return games;
  const channels = (await payChannels(q)).map((c) => [`pay_channel:${c.code}`, c.name] as const);
  return new Map([...games, ...channels]);
}

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
  const names = await targetNamesOf(ctx.db, rows);
  return consolePage(
    query,
    total,
    rows.map((r) => toRow(r, names)),
  );
}

/** The filtered log as CSV, newest first unless sorted otherwise, up to CSV_MAX_ROWS rows. */
export async function auditCsv(ctx: AppContext, query: AuditQuery): Promise<{ csv: string; rows: number }> {
  const { rows } = await repo.searchAudit(ctx.db, filterOf(query), sliceOf(query, true));
  const names = await targetNamesOf(ctx.db, rows);
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
