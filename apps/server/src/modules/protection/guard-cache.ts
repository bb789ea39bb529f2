import type { AppContext } from '../../context';
import type { Bus } from '../../lib/bus';
import { TicketedCache } from '../../lib/ticketed-cache';
import { type GuardRows, guardRows } from './repository';

/**
 * Each player's restrictions and loss limits, as last read by this process: every transfer into a
 * venue and every game launch checks them, and they change rarely. Only the rows are kept; what
 * depends on the time (a term's end, the return delay, a raise waiting) is decided at each check,
 * and the losses counted against a limit are read at each check. Any change to the rows, in any
 * process, evicts the player everywhere at once (player.protection.changed).
 */
export type ProtectionCache = TicketedCache<number, GuardRows>;

const TTL_MS = 30_000;

export function protectionCacheOn(bus: Bus): ProtectionCache {
  const cache = new TicketedCache<number, GuardRows>(TTL_MS);
  bus.subscribe('player.protection.changed', ({ userId }) => cache.evict(userId));
  bus.onReset(() => cache.clear());
  return cache;
}

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
