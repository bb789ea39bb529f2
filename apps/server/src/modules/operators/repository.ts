import { OperatorStatus } from '@app/contract/status';
import { and, asc, desc, eq, gt, inArray, isNull, ne, notLike, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { operatorApiKeys, operatorSessions, operators } from '../../db/schema/operators';

export type OperatorRecord = typeof operators.$inferSelect;
export type SessionRecord = typeof operatorSessions.$inferSelect;

/** An operator whose credentials count now: active and not locked by failed sign-in attempts. */
const usable = (now: Date) =>
  and(
    eq(operators.status, OperatorStatus.active),
    sql`(${operators.lockedUntil} IS NULL OR ${operators.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
  );

export async function findOperatorByUsername(q: Queryable, username: string) {
  const [row] = await q
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${username})`);
  return row;
}

/** Inserts the operator unless the username is taken (answers undefined then). */
export async function insertOperator(q: Queryable, values: typeof operators.$inferInsert) {
  const [row] = await q.insert(operators).values(values).onConflictDoNothing().returning();
  return row;
}

/** The usernames of the operators named, by id. */
export async function operatorNamesByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(inArray(operators.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export function listOperators(q: Queryable) {
  return q.select().from(operators).orderBy(asc(operators.id));
}

/** Locks operators' rows in ascending id order (the order every such lock takes, so none deadlock). */
export function lockOperators(q: Queryable, ids: number[]) {
  return q
    .select()
    .from(operators)
    .where(inArray(operators.id, ids))
    .orderBy(asc(operators.id))
    .for('update');
}

export async function updateOperator(
  q: Queryable,
  id: number,
  values: Partial<typeof operators.$inferInsert>,
) {
  const [row] = await q.update(operators).set(values).where(eq(operators.id, id)).returning();
  return row;
}

/**
 * Takes one sign-in attempt, before any secret is checked: at most `limit` attempts are ever taken
 * while none succeeds, however many requests race, because this one conditional UPDATE counts
 * them. An expired lock starts the count again. Answers undefined when the account is locked (or
 * the limit's attempts are all in flight).
 */
export async function takeAttempt(q: Queryable, id: number, now: Date, limit: number) {
  const expired = sql`(${operators.lockedUntil} IS NOT NULL AND ${operators.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const [row] = await q
    .update(operators)
    .set({
      failedAttempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${operators.failedAttempts} + 1 END`,
      lockedUntil: null,
    })
    .where(
      and(
        eq(operators.id, id),
        sql`((${operators.lockedUntil} IS NULL AND ${operators.failedAttempts} < ${limit}) OR ${expired})`,
      ),
    )
    .returning({ attempts: operators.failedAttempts });
  return row;
}

/** Gives back an attempt that proved the password while the second factor is still to come. */
export async function returnAttempt(q: Queryable, id: number): Promise<void> {
  await q
    .update(operators)
    .set({ failedAttempts: sql`GREATEST(${operators.failedAttempts} - 1, 0)` })
    .where(eq(operators.id, id));
}

/** A taken attempt failed: once the limit's attempts have all failed, the account locks until `until`. */
export async function lockWhenSpent(q: Queryable, id: number, limit: number, until: Date): Promise<boolean> {
  const [row] = await q
    .update(operators)
    .set({ lockedUntil: until })
    .where(
      and(eq(operators.id, id), sql`${operators.failedAttempts} >= ${limit}`, isNull(operators.lockedUntil)),
    )
    .returning({ id: operators.id });
  return Boolean(row);
}

/** Accepts a TOTP step once: a second request with the same code (or an older one) finds no row. */
export async function acceptStep(q: Queryable, id: number, step: number): Promise<boolean> {
  const [row] = await q
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(operators.id, id),
        sql`(${operators.totpLastStep} IS NULL OR ${operators.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: operators.id });
  return Boolean(row);
}

export async function insertSession(q: Queryable, values: typeof operatorSessions.$inferInsert) {
  const [row] = await q.insert(operatorSessions).values(values).returning({ id: operatorSessions.id });
  if (!row) throw new Error('operator session not created');
  return row.id;
}

/** The live session behind a token hash and its operator, who must still be active and unlocked. */
export async function findLiveSession(q: Queryable, tokenHash: string, now: Date) {
  const [row] = await q
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.absoluteExpiresAt, now),
        usable(now),
      ),
    );
  return row;
}

export async function updateSession(
  q: Queryable,
  id: number,
  values: Partial<typeof operatorSessions.$inferInsert>,
): Promise<void> {
  await q.update(operatorSessions).set(values).where(eq(operatorSessions.id, id));
}

/** Ends every live session of the operator, but `keepId`'s; answers how many ended. */
export async function revokeSessions(q: Queryable, operatorId: number, now: Date, keepId?: number) {
  const rows = await q
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keepId === undefined ? undefined : ne(operatorSessions.id, keepId),
      ),
    )
    .returning({ id: operatorSessions.id });
  return rows.length;
}

/** The operator's signed-in sessions (not those still in a sign-in stage), most recently used first. */
export function liveSessionsOf(q: Queryable, operatorId: number, now: Date) {
  return q
    .select()
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        eq(operatorSessions.stage, 'active'),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(operatorSessions.lastSeenAt));
}

export async function insertApiKey(q: Queryable, values: typeof operatorApiKeys.$inferInsert) {
  const [row] = await q.insert(operatorApiKeys).values(values).returning({ id: operatorApiKeys.id });
  if (!row) throw new Error('API key not created');
  return row.id;
}

/** The unrevoked key behind a hash and its operator, who must still be active and unlocked. */
export async function findLiveApiKey(q: Queryable, keyHash: string, now: Date) {
  const [row] = await q
    .select({ key: operatorApiKeys, operator: operators })
    .from(operatorApiKeys)
    .innerJoin(operators, eq(operators.id, operatorApiKeys.operatorId))
    .where(and(eq(operatorApiKeys.keyHash, keyHash), isNull(operatorApiKeys.revokedAt), usable(now)));
  return row;
}

export async function touchApiKey(q: Queryable, id: number, now: Date): Promise<void> {
  await q.update(operatorApiKeys).set({ lastUsedAt: now }).where(eq(operatorApiKeys.id, id));
}

/** Keys with their operator's username: one operator's, or everyone's. */
export function listApiKeys(q: Queryable, operatorId?: number) {
  return q
    .select({ key: operatorApiKeys, operator: operators.username })
    .from(operatorApiKeys)
    .innerJoin(operators, eq(operators.id, operatorApiKeys.operatorId))
    .where(operatorId === undefined ? undefined : eq(operatorApiKeys.operatorId, operatorId))
    .orderBy(desc(operatorApiKeys.id));
}

/** Revokes an unrevoked key (of `operatorId` when given); answers it, or undefined. */
export async function revokeApiKey(q: Queryable, id: number, now: Date, operatorId?: number) {
  const [row] = await q
    .update(operatorApiKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorApiKeys.id, id),
        isNull(operatorApiKeys.revokedAt),
        operatorId === undefined ? undefined : eq(operatorApiKeys.operatorId, operatorId),
      ),
    )
    .returning();
  return row;
}

/** Operators whose stored TOTP secret does not start with `prefix` (the current key's). */
export function secretsNotStartingWith(q: Queryable, prefix: string) {
  return q
    .select({ id: operators.id, secret: operators.totpSecret })
    .from(operators)
    .where(notLike(operators.totpSecret, `${prefix}%`));
}

/** Replaces a stored TOTP secret, only while it is still `from`. */
export async function replaceSecret(q: Queryable, id: number, from: string, to: string): Promise<void> {
  await q
    .update(operators)
    .set({ totpSecret: to })
    .where(and(eq(operators.id, id), eq(operators.totpSecret, from)));
}
