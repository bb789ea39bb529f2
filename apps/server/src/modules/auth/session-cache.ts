import type { Bus } from '../../lib/bus';
import { TicketedCache } from '../../lib/ticketed-cache';

/**
 * Recently authenticated sessions, so that the hot polling calls (balance every 4.3 s per player)
 * cost one query, not two. An entry lives at most `ttlMs`; a revocation in any process evicts it
 * in every process at once through the bus (see sessionCacheOn).
 */
export interface CachedSession {
  userId: number;
  sessionId: number;
}

export class SessionCache extends TicketedCache<string, CachedSession> {
  constructor(ttlMs = 5_000, maxEntries = 100_000) {
    super(ttlMs, maxEntries);
  }

  evictSession(sessionId: number): void {
    this.evictWhere((session) => session.sessionId === sessionId);
  }

  evictUser(userId: number): void {
    this.evictWhere((session) => session.userId === userId);
  }
}

/** A session cache that every process's revocations reach through `bus`. */
export function sessionCacheOn(bus: Bus): SessionCache {
  const cache = new SessionCache();
  bus.subscribe('session.revoked', ({ sessionId }) => cache.evictSession(sessionId));
  bus.subscribe('user.sessions.revoked', ({ userId }) => cache.evictUser(userId));
  bus.subscribe('player.frozen', ({ userId }) => cache.evictUser(userId));
  bus.onReset(() => cache.clear());
  return cache;
}
