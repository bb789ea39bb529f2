import type { ListQuery } from '@app/contract/admin/fields';
import { and, asc, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { adjustments } from '../../db/schema/money-review';
import { sliceOf } from '../../lib/console-page';

export type Adjustment = typeof adjustments.$inferSelect;

export async function adjustmentByKey(tx: Tx, key: string): Promise<Adjustment | undefined> {
  const [row] = await tx.select().from(adjustments).where(eq(adjustments.requestKey, key));
  return row;
}

export async function findAdjustment(tx: Tx, id: number): Promise<Adjustment | undefined> {
  const [row] = await tx.select().from(adjustments).where(eq(adjustments.id, id));
  return row;
}

/** Stores a new adjustment; undefined when its request key was taken meanwhile. */
export async function insertAdjustment(
  tx: Tx,
  values: typeof adjustments.$inferInsert,
): Promise<Adjustment | undefined> {
  const [created] = await tx
    .insert(adjustments)
    .values(values)
    .onConflictDoNothing({ target: adjustments.requestKey })
    .returning();
  return created;
}

/**
 * One conditional UPDATE: the pending adjustment takes the decision, never by the operator who asked
 * for it. Undefined when it was not pending, not there, or asked for by the decider.
 */
export async function decidePending(
  tx: Tx,
  id: number,
  decision: { state: Adjustment['state']; by: number; at: Date; note: string },
): Promise<Adjustment | undefined> {
  const [taken] = await tx
    .update(adjustments)
    .set({
      state: decision.state,
      decidedBy: decision.by,
      decidedAt: decision.at,
      decisionNote: decision.note,
    })
    .where(
      and(eq(adjustments.id, id), eq(adjustments.state, 'pending'), ne(adjustments.requestedBy, decision.by)),
    )
    .returning();
  return taken;
}

/** One page of adjustments (of a state, of a player), and how many. */
export async function adjustmentRows(
  q: Queryable,
  query: ListQuery & { state: string; player_id?: number | undefined },
) {
  const where = and(
    query.state ? eq(adjustments.state, query.state as Adjustment['state']) : undefined,
    query.player_id ? eq(adjustments.userId, query.player_id) : undefined,
  );
  const slice = sliceOf(query);
  const direction = slice.ascending ? asc : desc;
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(adjustments)
      .where(where)
      .orderBy(direction(adjustments.id))
      .limit(slice.limit)
      .offset(slice.offset),
    q.select({ n: count() }).from(adjustments).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * The cents an operator adjusted for a player on their own since `since`: credits and debits they
 * requested and applied without a second operator.
 */
export async function appliedAloneSince(q: Queryable, operatorId: number, playerId: number, since: Date) {
  const [row] = await q
    .select({ total: sql<string | null>`sum(${adjustments.amount})::text` })
    .from(adjustments)
    .where(
      and(
        eq(adjustments.userId, playerId),
        gte(adjustments.requestedAt, since),
        eq(adjustments.state, 'applied'),
        eq(adjustments.requestedBy, operatorId),
        eq(adjustments.decidedBy, operatorId),
      ),
    );
  return BigInt(row?.total ?? 0);
}
