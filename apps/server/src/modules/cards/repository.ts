import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { banks } from '../../db/schema/reference';
import { cards } from '../../db/schema/wallet';

export type CardRow = typeof cards.$inferSelect;

const active = (userId: number) => and(eq(cards.userId, userId), isNull(cards.removedAt));

export function activeCards(q: Queryable, userId: number, type: number) {
  return q
    .select()
    .from(cards)
    .where(and(active(userId), eq(cards.type, type)))
    .orderBy(asc(cards.id));
}

export async function countActiveCards(q: Queryable, userId: number, type: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(cards)
    .where(and(active(userId), eq(cards.type, type)));
  return row?.n ?? 0;
}

/** The player's own active card, or undefined: another player's card is never found. */
export async function findOwnCard(q: Queryable, userId: number, id: number): Promise<CardRow | undefined> {
  const [row] = await q
    .select()
    .from(cards)
    .where(and(active(userId), eq(cards.id, id)));
  return row;
}

export async function insertCard(q: Queryable, values: typeof cards.$inferInsert) {
  const [row] = await q.insert(cards).values(values).onConflictDoNothing().returning({ id: cards.id });
  return row;
}

/** Unbinds the player's own active card: the card, or undefined when there is none such. */
export async function removeOwnCard(
  q: Queryable,
  userId: number,
  id: number,
  at: Date,
): Promise<CardRow | undefined> {
  const rows = await q
    .update(cards)
    .set({ removedAt: at })
    .where(and(active(userId), eq(cards.id, id)))
    .returning();
  return rows[0];
}

export function bankList(q: Queryable) {
  return q.select({ bank_name: banks.bankName }).from(banks).orderBy(asc(banks.sort));
}

export async function bankExists(q: Queryable, name: string): Promise<boolean> {
  const [row] = await q.select({ id: banks.id }).from(banks).where(eq(banks.bankName, name));
  return Boolean(row);
}

/** Every card and address the player has bound, removed ones too, the newest first. */
export function everyCardOf(q: Queryable, userId: number): Promise<CardRow[]> {
  return q.select().from(cards).where(eq(cards.userId, userId)).orderBy(desc(cards.id));
}

/** Cards by id, removed ones too (where a withdrawal's money went). */
export async function cardsByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, CardRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select()
    .from(cards)
    .where(inArray(cards.id, [...new Set(ids)]));
  return new Map(rows.map((c) => [c.id, c]));
}

/** Other players (the first `limit`) with a card of one of these numbers, and the number. */
export function playersWithCardNumbers(q: Queryable, userId: number, numbers: string[], limit: number) {
  return q
    .selectDistinct({ id: cards.userId, number: cards.bankNo })
    .from(cards)
    .where(and(inArray(cards.bankNo, numbers), ne(cards.userId, userId)))
    .limit(limit);
}
