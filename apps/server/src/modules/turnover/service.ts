import { eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { users } from '../../db/schema/users';
import { turnoverEntries } from '../../db/schema/wallet';

/**
 * The turnover (打码量) a player must bet before withdrawing. Deposits and bonuses raise it by their
 * multiple; valid bets lower it, never below zero. Each change happens once, by its key, inside the
 * caller's transaction (the same one that moves the money it belongs to).
 */
export async function changeTurnover(
  tx: Tx,
  userId: number,
  delta: bigint,
  kind: string,
  idempotencyKey: string,
): Promise<void> {
  const [entry] = await tx
    .insert(turnoverEntries)
    .values({ userId, delta, kind, idempotencyKey })
    .onConflictDoNothing()
    .returning({ id: turnoverEntries.id });
  if (!entry) return;
  await tx
    .update(users)
    .set({ turnoverRequired: sql`GREATEST(0, ${users.turnoverRequired} + ${delta})` })
    .where(eq(users.id, userId));
}

/** The turnover still required, in cents. */
export async function turnoverRequired(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.select({ required: users.turnoverRequired }).from(users).where(eq(users.id, userId));
  return row?.required ?? 0n;
}
