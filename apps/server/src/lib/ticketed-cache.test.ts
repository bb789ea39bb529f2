import { describe, expect, it } from 'vitest';
import { TicketedCache } from './ticketed-cache';

describe('TicketedCache', () => {
  it('keeps a value for ttlMs and forgets it after', () => {
    const cache = new TicketedCache<string, number>(1_000);
    cache.set('a', 1, 0, cache.ticket());
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1_000)).toBeUndefined();
    // Once expired it is gone, even for an earlier clock.
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('answers undefined for a key never set', () => {
    expect(new TicketedCache<string, number>(1_000).get('nothing', 0)).toBeUndefined();
  });

  it('does not keep a value read before an eviction that arrived meanwhile', () => {
    const cache = new TicketedCache<string, number>(1_000);
    const ticket = cache.ticket();
    // While the value was being read, another process revoked it.
    cache.evict('a');
    cache.set('a', 1, 0, ticket);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('a', 2, 0, cache.ticket());
    expect(cache.get('a', 0)).toBe(2);
  });

  it('counts any eviction, of any key, against an open ticket', () => {
    const cache = new TicketedCache<string, number>(1_000);
    for (const evict of [
      (c: TicketedCache<string, number>) => c.evict('other'),
      (c: TicketedCache<string, number>) => c.evictWhere(() => false),
      (c: TicketedCache<string, number>) => c.clear(),
    ]) {
      const ticket = cache.ticket();
      evict(cache);
      cache.set('a', 1, 0, ticket);
      expect(cache.get('a', 0)).toBeUndefined();
    }
  });

  it('evicts one key, or every value that matches', () => {
    const cache = new TicketedCache<number, { user: number }>(1_000);
    for (const [key, user] of [
      [1, 10],
      [2, 10],
      [3, 20],
    ] as const)
      cache.set(key, { user }, 0, cache.ticket());
    cache.evict(3);
    expect(cache.get(3, 0)).toBeUndefined();
    cache.set(3, { user: 20 }, 0, cache.ticket());
    cache.evictWhere((v) => v.user === 10);
    expect([1, 2, 3].map((k) => cache.get(k, 0))).toEqual([undefined, undefined, { user: 20 }]);
    cache.clear();
    expect(cache.get(3, 0)).toBeUndefined();
  });

  it('drops everything when it reaches maxEntries, then keeps the new value', () => {
    const cache = new TicketedCache<number, number>(1_000, 3);
    for (const key of [1, 2, 3]) cache.set(key, key, 0, cache.ticket());
    expect([1, 2, 3].map((k) => cache.get(k, 0))).toEqual([1, 2, 3]);
    cache.set(4, 4, 0, cache.ticket());
    expect([1, 2, 3, 4].map((k) => cache.get(k, 0))).toEqual([undefined, undefined, undefined, 4]);
  });
});
