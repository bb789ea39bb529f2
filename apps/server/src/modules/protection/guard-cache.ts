import type { Bus } from '../../lib/bus';
import { TicketedCache } from '../../lib/ticketed-cache';
import type { GuardRows } from './repository';

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
