import type { ApplicationKind, ApplicationQuery } from '@app/contract/admin/applications';
import { ApplicationState } from '@app/contract/status';
import { beijingDayStart } from '@app/contract/time';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import { activityApplications, agentApplications } from '../../db/schema/content';
import { sliceOf } from '../../lib/console-page';

const DAY_MS = 86_400_000;

/** The filters both queues share; `playerIds` are those of the username filtered by (players' playerIdsNamed). */
function filters(
  query: ApplicationQuery,
  playerIds: number[] | undefined,
  table: { userId: PgColumn; state: PgColumn; createdAt: PgColumn },
): SQL | undefined {
  return and(
    query.state ? eq(table.state, query.state) : undefined,
    playerIds ? inArray(table.userId, playerIds) : undefined,
    query.from ? gte(table.createdAt, beijingDayStart(query.from)) : undefined,
    query.to ? lt(table.createdAt, new Date(beijingDayStart(query.to).getTime() + DAY_MS)) : undefined,
  );
}

/** Newest first unless the operator sorts the other way. */
function ordering(query: ApplicationQuery, table: { createdAt: PgColumn; id: PgColumn }) {
  const direction = query.order === 'ascend' ? asc : desc;
  return [direction(table.createdAt), direction(table.id)];
}

/** One page of the activity applications as the operator filters and sorts them, and how many match. */
export async function activityApplicationQueue(q: Queryable, query: ApplicationQuery, playerIds?: number[]) {
  const where = filters(query, playerIds, activityApplications);
  const slice = sliceOf(query);
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(activityApplications)
      .where(where)
      .orderBy(...ordering(query, activityApplications))
      .limit(slice.limit)
      .offset(slice.offset),
    q.select({ n: count() }).from(activityApplications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One page of the agent applications as the operator filters and sorts them, and how many match. */
export async function agentApplicationQueue(q: Queryable, query: ApplicationQuery, playerIds?: number[]) {
  const where = filters(query, playerIds, agentApplications);
  const slice = sliceOf(query);
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(agentApplications)
      .where(where)
      .orderBy(...ordering(query, agentApplications))
      .limit(slice.limit)
      .offset(slice.offset),
    q.select({ n: count() }).from(agentApplications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The player who made an activity application, if there is one. */
export async function activityApplicant(q: Queryable, id: number): Promise<number | undefined> {
  const [row] = await q
    .select({ userId: activityApplications.userId })
    .from(activityApplications)
    .where(eq(activityApplications.id, id));
  return row?.userId;
}

/** The application, its row locked until the transaction ends: a second decision waits for the first. */
export async function lockApplication(tx: Tx, kind: ApplicationKind, id: number) {
  if (kind === 'activities') {
    const [row] = await tx
      .select({
        userId: activityApplications.userId,
        state: activityApplications.state,
        activityId: activityApplications.activityId,
      })
      .from(activityApplications)
      .where(eq(activityApplications.id, id))
      .for('update');
    return row;
  }
  const [row] = await tx
    .select({ userId: agentApplications.userId, state: agentApplications.state })
    .from(agentApplications)
    .where(eq(agentApplications.id, id))
    .for('update');
  return row && { ...row, activityId: undefined };
}

export interface DecisionRecord {
  state: number;
  note: string;
  operatorId: number;
  at: Date;
  bonus: bigint;
}

/** Stores the decision while the application still waits; false when it was already decided. */
export async function recordDecision(
  tx: Tx,
  kind: ApplicationKind,
  id: number,
  d: DecisionRecord,
): Promise<boolean> {
  const set = { state: d.state, note: d.note, reviewedBy: d.operatorId, reviewedAt: d.at };
  const rows =
    kind === 'activities'
      ? await tx
          .update(activityApplications)
          .set({ ...set, bonus: d.bonus })
          .where(
            and(eq(activityApplications.id, id), eq(activityApplications.state, ApplicationState.pending)),
          )
          .returning({ id: activityApplications.id })
      : await tx
          .update(agentApplications)
          .set(set)
          .where(and(eq(agentApplications.id, id), eq(agentApplications.state, ApplicationState.pending)))
          .returning({ id: agentApplications.id });
  return rows.length === 1;
}

export async function hasApplied(q: Queryable, userId: number, activityId: number): Promise<boolean> {
  const [row] = await q
    .select({ id: activityApplications.id })
    .from(activityApplications)
    .where(and(eq(activityApplications.userId, userId), eq(activityApplications.activityId, activityId)));
  return row !== undefined;
}

/** Files the application; false when the player already applied to this activity. */
export async function fileActivityApplication(
  q: Queryable,
  values: typeof activityApplications.$inferInsert,
): Promise<boolean> {
  const [row] = await q.insert(activityApplications).values(values).onConflictDoNothing().returning();
  return row !== undefined;
}

/** One page of the player's activity applications, newest first, and how many there are. */
export async function activityApplicationPage(q: Queryable, userId: number, limit: number, offset: number) {
  const where = eq(activityApplications.userId, userId);
  const [total] = await q.select({ n: count() }).from(activityApplications).where(where);
  const rows = await q
    .select()
    .from(activityApplications)
    .where(where)
    .orderBy(desc(activityApplications.createdAt), desc(activityApplications.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** Files a player's agent application; answers false when the player already has one open. */
export async function insertAgentApplication(
  q: Queryable,
  values: typeof agentApplications.$inferInsert,
): Promise<boolean> {
  const [row] = await q.insert(agentApplications).values(values).onConflictDoNothing().returning();
  return row !== undefined;
}
