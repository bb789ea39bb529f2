import { and, desc, eq, gt, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { Batcher } from '../../db/batch';
import type { Db, Queryable } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { playerLimits, playerRestrictions } from '../../db/schema/protection';

export type LimitRow = typeof playerLimits.$inferSelect;
export type RestrictionRow = typeof playerRestrictions.$inferSelect;

export function limitsOf(q: Queryable, userId: number, kind?: LimitRow['kind']) {
  return q
    .select()
    .from(playerLimits)
    .where(
      kind
        ? and(eq(playerLimits.userId, userId), eq(playerLimits.kind, kind))
        : eq(playerLimits.userId, userId),
    );
}

export async function findLimit(
  q: Queryable,
  userId: number,
  kind: LimitRow['kind'],
  period: LimitRow['period'],
) {
  const [row] = await q
    .select()
    .from(playerLimits)
    .where(
      and(eq(playerLimits.userId, userId), eq(playerLimits.kind, kind), eq(playerLimits.period, period)),
    );
  return row;
}

export async function saveLimit(q: Queryable, row: typeof playerLimits.$inferInsert): Promise<void> {
  await q
    .insert(playerLimits)
    .values(row)
    .onConflictDoUpdate({
      target: [playerLimits.userId, playerLimits.kind, playerLimits.period],
      set: {
        amount: row.amount,
        pendingAmount: row.pendingAmount ?? null,
        pendingAt: row.pendingAt ?? null,
        updatedAt: row.updatedAt,
      },
    });
}

export async function deleteLimit(
  q: Queryable,
  userId: number,
  kind: LimitRow['kind'],
  period: LimitRow['period'],
) {
  await q
    .delete(playerLimits)
    .where(
      and(eq(playerLimits.userId, userId), eq(playerLimits.kind, kind), eq(playerLimits.period, period)),
    );
}

/**
 * A restriction that may still bind: within its term, or an exclusion not yet reopened. For a query
 * over many players (noBindingRestriction); one player's rows are judged by bindingAmong.
 */
const mayBind = (now: Date, returnDelayMs: number) =>
  or(
    gt(playerRestrictions.endsAt, now),
    and(
      eq(playerRestrictions.kind, 'exclusion'),
      or(
        isNull(playerRestrictions.returnRequestedAt),
        gt(playerRestrictions.returnRequestedAt, new Date(now.getTime() - returnDelayMs)),
      ),
    ),
  );

/** Of rows already read, those that may still bind (as mayBind), the longest first. */
export const bindingAmong = (rows: RestrictionRow[], now: Date, returnDelayMs: number) =>
  rows
    .filter(
      (row) =>
        row.endsAt > now ||
        (row.kind === 'exclusion' &&
          (row.returnRequestedAt === null ||
            row.returnRequestedAt.getTime() > now.getTime() - returnDelayMs)),
    )
    .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime());

/**
 * Every restriction and every loss limit of the players asked about together, in two statements:
 * each wallet transfer and game launch checks both, so the calls that arrive together share them.
 */
const guardReads = perDatabase((db: Db) => ({
  restrictions: new Batcher<number, RestrictionRow[]>({
    many: async (userIds) => {
      const rows = await db
        .select()
        .from(playerRestrictions)
        .where(inArray(playerRestrictions.userId, [...new Set(userIds)]));
      return userIds.map((id) => rows.filter((r) => r.userId === id));
    },
    one: (userId) => db.select().from(playerRestrictions).where(eq(playerRestrictions.userId, userId)),
  }),
  lossLimits: new Batcher<number, LimitRow[]>({
    many: async (userIds) => {
      const rows = await db
        .select()
        .from(playerLimits)
        .where(and(inArray(playerLimits.userId, [...new Set(userIds)]), eq(playerLimits.kind, 'loss')));
      return userIds.map((id) => rows.filter((r) => r.userId === id));
    },
    one: (userId) => limitsOf(db, userId, 'loss'),
  }),
}));

/** What gates money into play for a player: every restriction and loss limit (read with the concurrent calls'). */
export interface GuardRows {
  restrictions: RestrictionRow[];
  lossLimits: LimitRow[];
}

export async function guardRows(db: Db, userId: number): Promise<GuardRows> {
  const reads = guardReads(db);
  const [restrictions, lossLimits] = await Promise.all([
    reads.restrictions.run(userId),
    reads.lossLimits.run(userId),
  ]);
  return { restrictions, lossLimits };
}

/** A condition on a player id column, for another module's query (a broadcast's recipients). */
export type PlayerFilter = (userId: SQLWrapper) => SQL;

/** No restriction binds that player. */
export const noBindingRestriction =
  (now: Date, returnDelayMs: number): PlayerFilter =>
  (userId) =>
    sql`NOT EXISTS (SELECT 1 FROM ${playerRestrictions} WHERE ${playerRestrictions.userId} = ${userId} AND ${mayBind(now, returnDelayMs)})`;

export async function insertRestriction(q: Queryable, row: typeof playerRestrictions.$inferInsert) {
  await q.insert(playerRestrictions).values(row);
}

export async function requestReturn(q: Queryable, id: number, at: Date): Promise<void> {
  await q
    .update(playerRestrictions)
    .set({ returnRequestedAt: at })
    .where(and(eq(playerRestrictions.id, id), isNull(playerRestrictions.returnRequestedAt)));
}

/** Every time-out and self-exclusion of the player, the latest first. */
export function restrictionsOf(q: Queryable, userId: number) {
  return q
    .select()
    .from(playerRestrictions)
    .where(eq(playerRestrictions.userId, userId))
    .orderBy(desc(playerRestrictions.startsAt), desc(playerRestrictions.id));
}
