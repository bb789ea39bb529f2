/**
 * Recently authenticated sessions, so that the hot polling calls (balance every 4.3 s per player)
 * cost one query, not two. An entry lives at most `ttlMs`: a logoff or password change in this
 * process evicts at once; other processes stop honouring a revoked token within `ttlMs`.
 */
export interface CachedSession {
  userId: number;
  sessionId: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { until: number }>();

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

  set(tokenHash: string, session: CachedSession, nowMs: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { ...session, until: nowMs + this.ttlMs });
  }

  evictSession(sessionId: number): void {
    for (const [hash, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(hash);
  }

  evictUser(userId: number): void {
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }
}
