import type { Queryable } from '../../db/client';
import { withdrawals } from '../../db/schema/wallet';

export async function insertWithdrawal(q: Queryable, values: typeof withdrawals.$inferInsert) {
  const [row] = await q.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal not recorded');
  return row;
}
