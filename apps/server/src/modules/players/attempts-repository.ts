import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/users';

/**
 * A password that locks after `max` wrong answers in a row. Its counters live on the player's row:
 * `failures` (wrong answers since the last right one), `checks` (checks running now, with
 * `checksAt`, when the last one started) and `lockedUntil`.
 */
export interface AttemptRule {
  failures: UserColumn;
  checks: UserColumn;
  checksAt: UserColumn;
  lockedUntil: UserColumn;
  max: number;
  lockMs: number;
}
type UserColumn = keyof typeof users.$inferInsert;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const columnsOf = (rule: AttemptRule) => ({
  failures: users[rule.failures],
  checks: users[rule.checks],
  checksAt: users[rule.checksAt],
  lockedUntil: users[rule.lockedUntil],
});

const released = (rule: AttemptRule) => sql`GREATEST(${users[rule.checks]} - 1, 0)`;

/** When the rule's lock ends (as text), or undefined when the player does not exist. */
export async function lockedUntilOf(q: Queryable, rule: AttemptRule, userId: number) {
  const [row] = await q
    .select({ lockedUntil: sql<string | null>`${columnsOf(rule).lockedUntil}::text` })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Gives a slot back without counting anything (the check itself failed). */
export async function releaseAttemptSlot(q: Queryable, rule: AttemptRule, userId: number): Promise<void> {
  await q
    .update(users)
    .set({ [rule.checks]: released(rule) })
    .where(eq(users.id, userId));
}

/**
 * Gives the slot back: a right answer clears the wrong ones, a wrong one counts and may lock.
 * Answers the wrong answers counted so far (0 after a right one).
 */
export async function settleAttempt(
  q: Queryable,
  rule: AttemptRule,
  userId: number,
  right: boolean,
  now: Date,
): Promise<{ ok: true } | { ok: false; left: number }> {
  const c = columnsOf(rule);
  if (right) {
    await q
      .update(users)
      .set({ [rule.failures]: sql`0`, [rule.checks]: released(rule) })
      .where(eq(users.id, userId));
    return { ok: true };
  }
  const lockUntil = new Date(now.getTime() + rule.lockMs);
  const [after] = await q
    .update(users)
    .set({
      [rule.failures]: sql`${c.failures} + 1`,
      [rule.checks]: released(rule),
      [rule.lockedUntil]: sql`CASE WHEN ${c.failures} + 1 >= ${rule.max} THEN ${at(lockUntil)} ELSE ${c.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: sql<number>`${c.failures}` });
  return { ok: false, left: Math.max(rule.max - Number(after?.failures ?? rule.max), 0) };
}

/** One conditional UPDATE: a slot when not locked and failures plus running checks are under max. */
export async function takeAttemptSlot(
  q: Queryable,
  rule: AttemptRule,
  userId: number,
  now: Date,
  staleMs: number,
): Promise<boolean> {
  const c = columnsOf(rule);
  const stale = new Date(now.getTime() - staleMs);
  const lockOver = sql`${c.lockedUntil} <= ${at(now)}`;
  // An expired lock starts a fresh count; checks of a process that died are forgotten.
  const failures = sql`CASE WHEN ${lockOver} THEN 0 ELSE ${c.failures} END`;
  const running = sql`CASE WHEN ${c.checksAt} IS NULL OR ${c.checksAt} < ${at(stale)} THEN 0 ELSE ${c.checks} END`;
  const rows = await q
    .update(users)
    .set({
      [rule.failures]: failures,
      [rule.checks]: sql`${running} + 1`,
      [rule.checksAt]: at(now),
      [rule.lockedUntil]: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${c.lockedUntil} END`,
    })
    .where(
      sql`${users.id} = ${userId} AND (${c.lockedUntil} IS NULL OR ${lockOver}) AND ${failures} + ${running} < ${rule.max}`,
    )
    .returning({ id: users.id });
  return rows.length === 1;
}
