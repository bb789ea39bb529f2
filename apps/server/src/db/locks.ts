import { eq } from 'drizzle-orm';
import type { Tx } from './client';
import { users } from './schema/users';

/**
 * Locks the player's row until the transaction ends, and answers it (undefined: no such player).
 * The one lock that serialises what concerns one player across modules: counted rules (pending
 * deposit orders, cards per kind) and the insert they allow, protection changes, operators'
 * changes and decisions, so that a check and the write it allows never interleave with another's.
 */
export async function lockPlayer(tx: Tx, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}
