import { TransferMode } from '@app/contract/status';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
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

export async function transferStatusOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.select({ status: users.transferStatus }).from(users).where(eq(users.id, userId));
  return row?.status ?? TransferMode.manual;
}

export async function setTransferStatus(q: Queryable, userId: number, status: number): Promise<void> {
  await q.update(users).set({ transferStatus: status }).where(eq(users.id, userId));
}

export async function realityCheckMinutesOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ minutes: users.realityCheckMinutes })
    .from(users)
    .where(eq(users.id, userId));
  return row?.minutes ?? 0;
}

export async function setRealityCheckMinutes(q: Queryable, userId: number, minutes: number): Promise<void> {
  await q.update(users).set({ realityCheckMinutes: minutes }).where(eq(users.id, userId));
}

export async function turnoverRequiredOf(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.select({ required: users.turnoverRequired }).from(users).where(eq(users.id, userId));
  return row?.required ?? 0n;
}

/** A new player's account; undefined when the username is taken. */
export async function insertPlayer(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  return row;
}

export async function playerExists(q: Queryable, id: number): Promise<boolean> {
  const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

export async function recordLogin(q: Queryable, userId: number, ip: string): Promise<void> {
  await q.update(users).set({ lastLoginAt: new Date(), lastLoginIp: ip }).where(eq(users.id, userId));
}

export async function depositTotalOf(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.select({ total: users.depositTotal }).from(users).where(eq(users.id, userId));
  return row?.total ?? 0n;
}

/** The usernames of the players named, by id. */
export async function usernamesByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function addToDepositTotal(tx: Tx, userId: number, amount: bigint): Promise<void> {
  await tx
    .update(users)
    .set({ depositTotal: sql`${users.depositTotal} + ${amount}` })
    .where(eq(users.id, userId));
}
