import type { AppContext } from '../../context';
import { type GuardRows, guardRows } from './repository';

/** The player's restrictions and loss limits: from the cache, or read and kept while the bus is live. */
export async function guardOf(ctx: AppContext, userId: number): Promise<GuardRows> {
  const nowMs = ctx.clock.now().getTime();
  const cached = ctx.protection.get(userId, nowMs);
  if (cached) return cached;
  const ticket = ctx.protection.ticket();
  const rows = await guardRows(ctx.db, userId);
  // Only while changes made by other processes reach this one can the rows be trusted unread.
  if (ctx.bus.live) ctx.protection.set(userId, rows, nowMs, ticket);
  return rows;
}

/** After a change to the player's restrictions or limits has committed: every process forgets its rows. */
export function protectionChanged(ctx: AppContext, userId: number): Promise<void> {
  return ctx.bus.publish('player.protection.changed', { userId });
}
