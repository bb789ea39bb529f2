import { eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { users } from '../../db/schema/users';

/**
 * The turnover (打码量) a player must bet before withdrawing. Deposits and bonuses raise it by their
 * multiple; valid bets lower it, never below zero. Each change happens once, by its key, inside the
 * caller's transaction (the same one that moves the money it belongs to). The player's row is
 * locked before the entry takes its id, so that entries are numbered in the order they apply:
 * `ledger:verify` replays them in that order.
 */
export async function changeTurnover(
  tx: Tx,
  userId: number,
  delta: bigint,
  kind: string,
  idempotencyKey: string,
): Promise<void> {
  await tx.execute(sql`WITH
    locked AS (SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE),
    entry AS (INSERT INTO turnover_entries (user_id, delta, kind, idempotency_key)
      SELECT id, ${delta}, ${kind}, ${idempotencyKey} FROM locked
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id)
    UPDATE users SET turnover_required = GREATEST(0, turnover_required + ${delta})
    WHERE id = ${userId} AND EXISTS (SELECT 1 FROM entry)`);
}

/** The turnover still required, in cents. */
export async function turnoverRequired(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.select({ required: users.turnoverRequired }).from(users).where(eq(users.id, userId));
  return row?.required ?? 0n;
}
