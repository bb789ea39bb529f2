import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { betCursors } from '../../db/schema/games';

/** Where the platform left a provider's bet feed (undefined: it never read it). */
export async function betCursorOf(q: Queryable, provider: string): Promise<string | undefined> {
  const [position] = await q.select().from(betCursors).where(eq(betCursors.provider, provider));
  return position?.cursor;
}

/**
 * Moves a provider's cursor from `from` (undefined: no cursor yet) to `to`, compare and set;
 * false when another process moved it first.
 */
export async function moveBetCursor(
  tx: Tx,
  provider: string,
  from: string | undefined,
  to: string,
  at: Date,
): Promise<boolean> {
  const moved =
    from !== undefined
      ? await tx
          .update(betCursors)
          .set({ cursor: to, updatedAt: at })
          .where(and(eq(betCursors.provider, provider), eq(betCursors.cursor, from)))
          .returning()
      : await tx
          .insert(betCursors)
          .values({ provider, cursor: to, updatedAt: at })
          .onConflictDoNothing()
          .returning();
  return moved.length > 0;
}
