import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * One statement: locks the player's row, records the keyed entry (nothing when the key is known)
 * and, when it was recorded, moves the requirement by `delta`, never below zero. It writes the
 * players module's `users.turnover_required` by design: the lock, the entry and the move must be one
 * statement (entries numbered in the order they apply), so it stays here rather than behind a façade.
 */
export async function applyTurnoverEntry(
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
