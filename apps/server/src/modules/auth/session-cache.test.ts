import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../lib/bus';
import { SessionCache, sessionCacheOn } from './session-cache';

describe('session cache', () => {
  const session = { userId: 7, sessionId: 70 };

  it('keeps a session for its time to live', () => {
    const cache = new SessionCache(5_000);
    cache.set('hash', session, 1_000, cache.ticket());
    expect(cache.get('hash', 5_999)).toEqual(session);
    expect(cache.get('hash', 6_000)).toBeUndefined();
  });

  it('does not keep a session read before a revocation that arrived while it was being read', () => {
    const cache = new SessionCache();
    const ticket = cache.ticket();
    cache.evictSession(70);
    cache.set('hash', session, 1_000, ticket);
    expect(cache.get('hash', 1_001)).toBeUndefined();
  });

  it('forgets a revoked session and a player’s sessions when the bus says so', async () => {
    const bus = new LocalBus();
    const cache = sessionCacheOn(bus);
    cache.set('a', session, 0, cache.ticket());
    cache.set('b', { userId: 8, sessionId: 80 }, 0, cache.ticket());
    cache.set('c', { userId: 9, sessionId: 90 }, 0, cache.ticket());
    await bus.publish('session.revoked', { sessionId: 70 });
    expect(cache.get('a', 1)).toBeUndefined();
    await bus.publish('user.sessions.revoked', { userId: 8 });
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toEqual({ userId: 9, sessionId: 90 });
  });
});
