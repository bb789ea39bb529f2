import type { Bus } from '../../lib/bus';

/**
 * Recently authenticated sessions, so that the hot polling calls (balance every 4.3 s per player)
 * cost one query, not two. An entry lives at most `ttlMs`; a revocation in any process evicts it
 * in every process at once through the bus (see sessionCacheOn).
 */
export interface CachedSession {
  userId: number;
  sessionId: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { until: number }>();
  /** Counts evictions, so that a session read before one is not cached after it. */
  private evictions = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 100_000,
  ) {}

  get(tokenHash: string, nowMs: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= nowMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return { userId: entry.userId, sessionId: entry.sessionId };
  }

  /** Taken before reading a session from the database; set() honours it only if nothing was evicted since. */
  ticket(): number {
    return this.evictions;
  }

  set(tokenHash: string, session: CachedSession, nowMs: number, ticket: number): void {
    // A revocation that arrived while this session was being read may be the one that ends it.
    if (ticket !== this.evictions) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { ...session, until: nowMs + this.ttlMs });
  }

  evictSession(sessionId: number): void {
    this.evictions++;
    for (const [hash, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(hash);
  }

  evictUser(userId: number): void {
    this.evictions++;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }

  clear(): void {
    this.evictions++;
    this.entries.clear();
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
