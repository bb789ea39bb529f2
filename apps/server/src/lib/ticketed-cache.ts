/**
 * A per-process cache of rows that any process may change: an entry lives at most `ttlMs`, the
 * whole cache is dropped when it reaches `maxEntries`, and an eviction that arrives while a value is
 * being read keeps that value out (ticket). What evicts is the bus: see sessionCacheOn and
 * protectionCacheOn, and keep nothing while `bus.live` is false.
 */
export class TicketedCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** Counts evictions, so that a value read before one is not cached after it. */
  private evictions = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get(key: K, nowMs: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before reading a value from the database; set() honours it only if nothing was evicted since. */
  ticket(): number {
    return this.evictions;
  }

  set(key: K, value: V, nowMs: number, ticket: number): void {
    // An eviction that arrived while this value was being read may be the one that changes it.
    if (ticket !== this.evictions) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: nowMs + this.ttlMs });
  }

  evict(key: K): void {
    this.evictions++;
    this.entries.delete(key);
  }

  evictWhere(matches: (value: V) => boolean): void {
    this.evictions++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.evictions++;
    this.entries.clear();
  }
}
