import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loginEvents, recoveryCodes } from '../../db/schema/protection';

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

/** Gives the player a fresh set of recovery codes (the old ones, if any, are dropped). */
export async function replaceRecoveryCodes(q: Queryable, userId: number, hashes: string[]): Promise<void> {
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await q.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function deleteRecoveryCodes(q: Queryable, userId: number): Promise<void> {
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
