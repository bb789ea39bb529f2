import { and, count, desc, eq, gt, isNotNull, isNull, notLike, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loginEvents, recoveryCodes } from '../../db/schema/protection';
import { users } from '../../db/schema/users';

export interface TwoFactorRow {
  username: string;
  secret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

export async function findTwoFactor(q: Queryable, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await q
    .select({
      username: users.username,
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      lastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A new secret waiting for its first code; refused (false) while two-factor is on. */
export async function storePendingSecret(q: Queryable, userId: number, secret: string): Promise<boolean> {
  const rows = await q
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Accepts a time step once: false when this step or a later one was accepted before. */
export async function acceptStep(q: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await q
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Uses a recovery code once: false when it is not one of the player's unused codes. */
export async function spendRecoveryCode(
  q: Queryable,
  userId: number,
  hash: string,
  at: Date,
): Promise<boolean> {
  const rows = await q
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Turns two-factor on with a fresh set of recovery codes (the old ones, if any, are dropped), if
 * the pending secret is still `secret` (the one the first code proved) and it is not on already.
 */
export async function enable(
  q: Queryable,
  userId: number,
  secret: string,
  at: Date,
  hashes: string[],
): Promise<boolean> {
  const rows = await q
    .update(users)
    .set({ totpEnabledAt: at })
    .where(and(eq(users.id, userId), eq(users.totpSecret, secret), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (rows.length === 0) return false;
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await q.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** Turns two-factor off: the secret and the recovery codes are dropped. */
export async function disable(q: Queryable, userId: number): Promise<void> {
  await q
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** The user agents of the player's successful logins since `since`. */
export async function successfulLoginAgents(q: Queryable, userId: number, since: Date): Promise<string[]> {
  const rows = await q
    .select({ ua: loginEvents.userAgent })
    .from(loginEvents)
    .where(
      and(eq(loginEvents.userId, userId), eq(loginEvents.result, 'ok'), gt(loginEvents.createdAt, since)),
    );
  return rows.map((e) => e.ua);
}

export async function insertLoginEvent(q: Queryable, event: typeof loginEvents.$inferInsert): Promise<void> {
  await q.insert(loginEvents).values(event);
}

/** The player's login attempts since `since`, newest first. */
export function loginEventsSince(q: Queryable, userId: number, since: Date, limit: number) {
  return q
    .select()
    .from(loginEvents)
    .where(and(eq(loginEvents.userId, userId), gt(loginEvents.createdAt, since)))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit);
}

/** Players whose stored TOTP secret does not start with `prefix` (the current key's). */
export async function secretsNotStartingWith(q: Queryable, prefix: string) {
  const rows = await q
    .select({ id: users.id, secret: users.totpSecret })
    .from(users)
    .where(and(isNotNull(users.totpSecret), notLike(users.totpSecret, `${prefix}%`)));
  return rows.flatMap((r) => (r.secret === null ? [] : [{ id: r.id, secret: r.secret }]));
}

/** Replaces a stored TOTP secret, only while it is still `from`. */
export async function replaceSecret(q: Queryable, id: number, from: string, to: string): Promise<void> {
  await q
    .update(users)
    .set({ totpSecret: to })
    .where(and(eq(users.id, id), eq(users.totpSecret, from)));
}
