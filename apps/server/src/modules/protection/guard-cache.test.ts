import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../lib/bus';
import { protectionCacheOn } from './guard-cache';

describe('protection cache', () => {
  const none = { restrictions: [], lossLimits: [] };

  it('forgets a player when any process says their protection changed, and only that player', async () => {
    const bus = new LocalBus();
    const cache = protectionCacheOn(bus);
    cache.set(7, none, 0, cache.ticket());
    cache.set(8, none, 0, cache.ticket());
    await bus.publish('player.protection.changed', { userId: 7 });
    expect(cache.get(7, 1)).toBeUndefined();
    expect(cache.get(8, 1)).toBe(none);
    expect(cache.get(8, 30_000)).toBeUndefined();
  });

  it('does not keep rows read before a change that arrived while they were being read', async () => {
    const bus = new LocalBus();
    const cache = protectionCacheOn(bus);
    const ticket = cache.ticket();
    await bus.publish('player.protection.changed', { userId: 9 });
    cache.set(7, none, 0, ticket);
    expect(cache.get(7, 1)).toBeUndefined();
  });
});
