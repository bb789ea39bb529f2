import type { ApplicationKind, ApplicationQuery } from '@app/contract/admin/applications';
import type { Row } from '@app/contract/admin/players';
import { centsToAmount } from '@app/contract/money';
import { ApplicationState } from '@app/contract/status';
import { beijingDayStart, toBeijingString } from '@app/contract/time';
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import { activities, activityApplications, agentApplications, messages } from '../../db/schema/content';
import { operators } from '../../db/schema/operators';
import { users } from '../../db/schema/users';
import { consolePage, sliceOf } from '../../lib/console-page';

const DAY_MS = 86_400_000;
const time = (d: Date | null) => (d ? toBeijingString(d) : '');
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters both queues share, on the application's state and creation time. */
function filters(query: ApplicationQuery, table: { state: PgColumn; createdAt: PgColumn }): SQL | undefined {
  return and(
    query.state ? eq(table.state, query.state) : undefined,
    query.player ? ilike(users.username, escapeLike(query.player)) : undefined,
    query.from ? gte(table.createdAt, beijingDayStart(query.from)) : undefined,
    query.to ? lt(table.createdAt, new Date(beijingDayStart(query.to).getTime() + DAY_MS)) : undefined,
  );
}

/** Newest first unless the operator sorts the other way. */
function ordering(query: ApplicationQuery, table: { createdAt: PgColumn; id: PgColumn }) {
  const direction = query.order === 'ascend' ? asc : desc;
  return [direction(table.createdAt), direction(table.id)];
}

/** The cells both queues show of an application's decision. */
const decisionCells = (
  a: { state: number; createdAt: Date; reviewedAt: Date | null; note: string },
  reviewer: string | null,
) => ({
  state: a.state,
  created_at: time(a.createdAt),
  reviewed_at: time(a.reviewedAt),
  reviewed_by: reviewer ?? '',
  note: a.note,
});

async function activityQueue(q: Queryable, query: ApplicationQuery) {
  const where = filters(query, activityApplications);
  const slice = sliceOf(query);
  const [rows, [total]] = await Promise.all([
    q
      .select({
        a: activityApplications,
        username: users.username,
        activity: activities.title,
        reviewer: operators.username,
      })
      .from(activityApplications)
      .innerJoin(users, eq(users.id, activityApplications.userId))
      .innerJoin(activities, eq(activities.id, activityApplications.activityId))
      .leftJoin(operators, eq(operators.id, activityApplications.reviewedBy))
      .where(where)
      .orderBy(...ordering(query, activityApplications))
      .limit(slice.limit)
      .offset(slice.offset),
    q
      .select({ n: count() })
      .from(activityApplications)
      .innerJoin(users, eq(users.id, activityApplications.userId))
      .where(where),
  ]);
  const data: Row[] = rows.map(({ a, username, activity, reviewer }) => ({
    id: a.id,
    player_id: a.userId,
    username,
    activity,
    bonus: centsToAmount(a.bonus),
    ...decisionCells(a, reviewer),
  }));
  return consolePage(query, total?.n ?? 0, data);
}

async function agentQueue(q: Queryable, query: ApplicationQuery) {
  const where = filters(query, agentApplications);
  const slice = sliceOf(query);
  const [rows, [total]] = await Promise.all([
    q
      .select({ a: agentApplications, username: users.username, reviewer: operators.username })
      .from(agentApplications)
      .innerJoin(users, eq(users.id, agentApplications.userId))
      .leftJoin(operators, eq(operators.id, agentApplications.reviewedBy))
      .where(where)
      .orderBy(...ordering(query, agentApplications))
      .limit(slice.limit)
      .offset(slice.offset),
    q
      .select({ n: count() })
      .from(agentApplications)
      .innerJoin(users, eq(users.id, agentApplications.userId))
      .where(where),
  ]);
  const data: Row[] = rows.map(({ a, username, reviewer }) => ({
    id: a.id,
    player_id: a.userId,
    username,
    mobile: a.mobile,
    reason: a.reason,
    ...decisionCells(a, reviewer),
  }));
  return consolePage(query, total?.n ?? 0, data);
}

export const applicationQueue = (q: Queryable, kind: ApplicationKind, query: ApplicationQuery) =>
  kind === 'activities' ? activityQueue(q, query) : agentQueue(q, query);

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
        title: activities.title,
      })
      .from(activityApplications)
      .innerJoin(activities, eq(activities.id, activityApplications.activityId))
      .where(eq(activityApplications.id, id))
      .for('update', { of: activityApplications });
    return row;
  }
  const [row] = await tx
    .select({ userId: agentApplications.userId, state: agentApplications.state })
    .from(agentApplications)
    .where(eq(agentApplications.id, id))
    .for('update');
  return row && { ...row, title: '' };
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

/** The in-site message telling the player how their application was decided. */
export async function insertPlayerMessage(tx: Tx, message: typeof messages.$inferInsert): Promise<void> {
  await tx.insert(messages).values(message);
}

/** Files a player's agent application; answers false when the player already has one open. */
export async function insertAgentApplication(
  q: Queryable,
  values: typeof agentApplications.$inferInsert,
): Promise<boolean> {
  const [row] = await q.insert(agentApplications).values(values).onConflictDoNothing().returning();
  return row !== undefined;
}
