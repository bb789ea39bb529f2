import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema/operators';
import type { Slice } from '../../lib/console-page';

export type AuditRecord = typeof auditLog.$inferSelect;

export async function insertAudit(q: Queryable, values: typeof auditLog.$inferInsert): Promise<void> {
  await q.insert(auditLog).values(values);
}

export interface AuditFilter {
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
  from: Date | undefined;
  to: Date | undefined;
}

const SORTABLE = { id: auditLog.id, at: auditLog.at } as const;

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.operator ? sql`lower(${auditLog.operatorName}) = lower(${f.operator})` : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
  );
}

export async function searchAudit(
  q: Queryable,
  filter: AuditFilter,
  page: Slice,
): Promise<{ rows: AuditRecord[]; total: number }> {
  const condition = where(filter);
  const column = SORTABLE[(page.sort ?? 'id') as keyof typeof SORTABLE] ?? auditLog.id;
  const direction = page.ascending ? asc : desc;
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(direction(column), direction(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
