import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/users';

export type PlayerRecord = typeof users.$inferSelect;

export async function findPlayer(q: Queryable, id: number) {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row;
}

export async function updatePlayer(q: Queryable, id: number, values: Partial<typeof users.$inferInsert>) {
  await q.update(users).set(values).where(eq(users.id, id));
}

export async function usernameOf(q: Queryable, id: number | null): Promise<string> {
  if (id === null) return '';
  const [row] = await q.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? '';
}
