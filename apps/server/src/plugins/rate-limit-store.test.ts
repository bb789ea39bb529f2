import { Writable } from 'node:stream';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase, targets } from '../../test/harness';
import { startRedis } from '../../test/redis-server';
import {
  postgresCounter,
  redisCounter,
  type SharedCounter,
  sharedStoreWithFallback,
} from './rate-limit-store';

type Counted = { current: number; ttl: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hits = (counter: SharedCounter, key: string, n: number, windowMs: number) =>
  Promise.all(Array.from({ length: n }, () => counter.count(key, windowMs)));

/** The client as plugins/security.ts opens it: commands fail at once while Redis is away. */
const redisClient = async (url: string) => {
  const redis = new Redis(url, {
    connectTimeout: 500,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => 100,
  });
  redis.on('error', () => {});
  await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
};

/** What one shared counter must do, whichever store keeps the windows. */
function countsLikeAWindow(open: () => Promise<{ counter: SharedCounter; close(): Promise<void> }>) {
  let counter: SharedCounter;
  let close: () => Promise<void>;
  let n = 0;
  const key = () => `test-key-${++n}`;

  beforeAll(async () => {
    ({ counter, close } = await open());
  });
  afterAll(() => close());

  it('counts the hits of one window and says how long it has left', async () => {
    const k = key();
    const first = await counter.count(k, 60_000);
    const second = await counter.count(k, 60_000);
    expect(first.current).toBe(1);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts hits that arrive together exactly, each its own number', async () => {
    const counted = await hits(counter, key(), 40, 60_000);
    expect(counted.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('keeps the window of the first hit, and starts again once it has ended', async () => {
    const k = key();
    await counter.count(k, 600);
    await sleep(300);
    const later = await counter.count(k, 600);
    expect(later.current).toBe(2);
    expect(later.ttl).toBeLessThanOrEqual(350);
    await sleep(later.ttl + 100);
    expect((await counter.count(k, 600)).current).toBe(1);
  });

  it('counts each key on its own', async () => {
    const [a, b] = [key(), key()];
    await hits(counter, a, 3, 60_000);
    expect((await counter.count(b, 60_000)).current).toBe(1);
    expect((await counter.count(a, 60_000)).current).toBe(4);
  });
}

describe('Redis counter', () => {
  countsLikeAWindow(async () => {
    const server = await startRedis();
    const redis = await redisClient(server.url);
    return {
      counter: redisCounter(redis),
      close: async () => {
        redis.disconnect();
        await server.stop();
      },
    };
  });
});

describe.each(targets)('PostgreSQL counter on %s', (target) => {
  countsLikeAWindow(async () => {
    const database: TestDatabase = await freshDatabase(target);
    const counter = postgresCounter(database.db);
    return {
      counter,
      close: async () => {
        counter.stop();
        await database.drop();
      },
    };
  });
});

describe('the store when Redis goes away and comes back', () => {
  const lines: string[] = [];
  const log = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)).msg);
          done();
        },
      }),
    },
  }).log;
  let server: Awaited<ReturnType<typeof startRedis>>;
  let redis: Redis;
  let store: FastifyRateLimitStore;

  const incr = (key: string) =>
    new Promise<Counted>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), 60_000, 100),
    );

  beforeAll(async () => {
    server = await startRedis();
    redis = await redisClient(server.url);
    const Store = sharedStoreWithFallback(redisCounter(redis), log);
    store = new Store({});
  });
  afterAll(async () => {
    redis.disconnect();
    await server.stop();
  });

  it('counts in this process while Redis is away, says so once, and shares the count again after', async () => {
    expect((await incr('10.0.0.1')).current).toBe(1);
    expect((await incr('10.0.0.1')).current).toBe(2);

    const port = Number(new URL(server.url).port);
    await server.stop();
    // The process's own windows start empty: the limit still holds, per process, while Redis is away.
    expect((await incr('10.0.0.1')).current).toBe(1);
    expect((await incr('10.0.0.1')).current).toBe(2);
    expect(lines.filter((l) => l.includes('Redis unreachable'))).toHaveLength(1);

    server = await startRedis(port);
    await expect.poll(() => redis.status, { timeout: 5_000 }).toBe('ready');
    // Redis lost its windows with its restart; the next hit counts there again.
    expect((await incr('10.0.0.1')).current).toBe(1);
    expect(lines.filter((l) => l.includes('Redis answers again'))).toHaveLength(1);
  });
});
